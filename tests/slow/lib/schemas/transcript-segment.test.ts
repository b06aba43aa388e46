import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { readPlainSegment, segmentObjectSchema } from '../../../../lib/schemas/transcript-segment';
import { transcriptLimits } from '../../../../lib/schemas/transcript-limits';
import * as z from '../../../../lib/zod';

/** What the schema makes of `value`, serialised (key order included), or undefined if it refuses it. */
function bySchema(value: unknown): string | undefined {
  const parsed = z.safeParse(segmentObjectSchema, value);
  return parsed.success ? JSON.stringify(parsed.data) : undefined;
}

const seconds = fc.oneof(
  fc.double({ min: 0, max: 7200, noNaN: true }),
  fc.constantFrom(0, -0, -1, -0.001, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_VALUE, 1e308),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom<unknown>('1.5', null, undefined, true, [], {}),
);
const wordText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a'.repeat(transcriptLimits.wordChars), 'a'.repeat(transcriptLimits.wordChars + 1), '\uD800', ''),
  fc.constantFrom<unknown>(1, null, undefined, ['x'], { text: 'x' }),
);
/** A word: its three fields in any order, sometimes one missing, an extra one, or a key from Object.prototype. */
const word = fc
  .record({
    fields: fc.oneof(
      { arbitrary: fc.shuffledSubarray(['text', 'startTimestamp', 'endTimestamp'] as const, { minLength: 3 }), weight: 4 },
      fc.shuffledSubarray(['text', 'startTimestamp', 'endTimestamp'] as const, { minLength: 2, maxLength: 2 }),
    ),
    text: wordText,
    start: seconds,
    end: seconds,
    ordered: fc.boolean(),
    extra: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      fc.constantFrom('speaker', 'confidence', '__proto__', 'constructor', 'toString'),
    ),
  })
  .map(({ fields, text, start, end, ordered, extra }) => {
    const values = {
      text,
      startTimestamp: start,
      endTimestamp: ordered && typeof start === 'number' && typeof end === 'number' ? Math.max(start, end) : end,
    };
    const out: Record<string, unknown> = {};
    for (const field of fields) out[field] = values[field];
    if (extra) Object.defineProperty(out, extra, { value: 'x', enumerable: true, configurable: true, writable: true });
    return out;
  });
const validWord = fc
  .record({
    text: fc.string({ maxLength: 12 }),
    start: fc.double({ min: 0, max: 7200, noNaN: true }),
    length: fc.double({ min: 0, max: 5, noNaN: true }),
  })
  .map(({ text, start, length }) => ({ text, startTimestamp: start, endTimestamp: start + length }));
const speaker = fc.oneof(
  {
    arbitrary: fc.record(
      {
        name: fc.constantFrom('Sam', 'Jane Doe'),
        type: fc.constantFrom('internal', 'external'),
        email: fc.constantFrom('sam@acme.example', 'Dana@Northwind.example'),
      },
      { requiredKeys: ['name'] },
    ),
    weight: 4,
  },
  fc.record(
    { name: fc.constantFrom('Jane Doe', ' Jane ', '', 'x'.repeat(transcriptLimits.speakerNameChars + 1)) },
    { requiredKeys: ['name'] },
  ),
  fc.record(
    {
      name: fc.constantFrom('Sam', 'Dana Whitfield'),
      type: fc.oneof(
        fc.constantFrom<unknown>(
          'internal',
          'external',
          'other',
          ' Host ',
          'INTERNAL',
          '',
          '  ',
          'x'.repeat(transcriptLimits.speakerTypeChars),
          'x'.repeat(transcriptLimits.speakerTypeChars + 1),
          1,
          null,
        ),
        fc.string({ maxLength: 8 }),
      ),
      email: fc.constantFrom<unknown>('sam@acme.example', 'SAM@ACME.EXAMPLE', 'not an email', 5),
    },
    { requiredKeys: ['name'] },
  ),
  fc.constantFrom<unknown>(undefined, null, 'Jane', [], { name: 'Jane', role: 'buyer' }),
);
const segment = fc
  .record({
    words: fc.oneof(
      { arbitrary: fc.array(fc.oneof({ arbitrary: validWord, weight: 3 }, { arbitrary: word, weight: 1 }), { maxLength: 6 }), weight: 3 },
      { arbitrary: fc.array(validWord, { minLength: 1, maxLength: 6 }), weight: 3 },
      { arbitrary: fc.constantFrom<unknown>(undefined, 'words', {}, null), weight: 1 },
    ),
    speaker,
    extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, fc.constantFrom('words2', '__proto__', 'notes')),
    speakerFirst: fc.boolean(),
  })
  .map(({ words, speaker, extra, speakerFirst }) => {
    const out: Record<string, unknown> = speakerFirst ? { speaker, words } : { words, speaker };
    if (extra) Object.defineProperty(out, extra, { value: 1, enumerable: true, configurable: true, writable: true });
    return out;
  });

describe('readPlainSegment: the segment schema without its per-word cost', () => {
  it('is sound: whatever it reads, the schema reads the same way, serialised byte for byte', () => {
    let read = 0;
    fc.assert(
      fc.property(segment, (value) => {
        const plain = readPlainSegment(value);
        if (plain === undefined) return;
        read++;
        expect(JSON.stringify(plain)).toBe(bySchema(value));
      }),
      { numRuns: 5000 },
    );
    // The property held for a good share of segments actually read, not only for refusals.
    expect(read).toBeGreaterThan(500);
  });

  it('refuses, for the schema to name what is wrong, every segment the schema refuses', () => {
    fc.assert(
      fc.property(segment, (value) => {
        if (bySchema(value) === undefined) expect(readPlainSegment(value)).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves a segment past the word limit to the schema', () => {
    const words = Array.from({ length: transcriptLimits.wordsPerSegment + 1 }, (_, index) => ({
      text: 'a',
      startTimestamp: index,
      endTimestamp: index,
    }));

    expect(bySchema({ words, speaker: { name: 'Sam' } })).toBeUndefined();
    expect(readPlainSegment({ words, speaker: { name: 'Sam' } })).toBeUndefined();
    expect(readPlainSegment({ words: words.slice(1), speaker: { name: 'Sam' } })).toBeDefined();
  });

  it('reads every segment of a real call itself, in the schema key order (so the speed is there)', () => {
    const call = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'transcripts', 'sales-call.json'), 'utf8')) as {
      transcript: unknown[];
    };
    const segments = call.transcript.filter((element) => typeof element === 'object');
    const reordered = segments.map((value) => {
      const { words, speaker } = value as { words: Array<Record<string, unknown>>; speaker: unknown };
      return { speaker, words: words.map(({ endTimestamp, text, startTimestamp }) => ({ endTimestamp, startTimestamp, text })) };
    });

    expect(segments.length).toBeGreaterThan(50);
    for (const value of [...segments, ...reordered]) {
      const plain = readPlainSegment(value);
      expect(plain).toBeDefined();
      expect(JSON.stringify(plain)).toBe(bySchema(value));
    }
  });
});
