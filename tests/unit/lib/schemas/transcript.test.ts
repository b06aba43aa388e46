import { validate } from '../../../../lib/schemas/validate';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { transcriptLimits } from '../../../../lib/schemas/transcript-limits';
import { fieldErrorsOf } from './field-errors';

const metadata = {
  title: 'Discovery call with Globex',
  call_start_time: '2026-11-20T15:00:00Z',
  call_id: 'gong-7781',
  url: 'https://calls.example.com/r/7781',
  participants: ['sam@acme-sales.example', 'Jane@Globex.example'],
};
const segment = (overrides: Record<string, unknown> = {}) => ({
  words: [
    { text: 'How ', startTimestamp: 1.5, endTimestamp: 1.7 },
    { text: 'much?', startTimestamp: 1.7, endTimestamp: 2.1 },
  ],
  speaker: { name: 'Jane Doe', type: 'external', email: 'jane@globex.example' },
  ...overrides,
});
const errorsOf = (body: unknown) => fieldErrorsOf(transcriptRequestSchema, body);

describe('transcript request (spec 2.5)', () => {
  describe('the three forms', () => {
    it('accepts an array of strings, format array by default', () => {
      const request = validate(transcriptRequestSchema, { ...metadata, transcript: ['Sam: Hello.', 'Jane: Hi.'] });

      expect(request.format).toBe('array');
      expect(request.transcript).toEqual(['Sam: Hello.', 'Jane: Hi.']);
    });

    it('accepts the whole transcript as a single string in the array', () => {
      expect(validate(transcriptRequestSchema, { ...metadata, transcript: ['Sam: Hello. Jane: Hi.'] }).transcript).toHaveLength(1);
    });

    it('accepts segment objects, mixed with strings', () => {
      const request = validate(transcriptRequestSchema, { ...metadata, format: 'array', transcript: [segment(), 'a note'] });

      expect(request.transcript).toEqual([segment(), 'a note']);
    });

    it('accepts a speaker without type or email (its side is then told from the participants)', () => {
      const request = validate(transcriptRequestSchema, { ...metadata, transcript: [segment({ speaker: { name: 'Jane' } })] });

      expect(request.transcript).toEqual([segment({ speaker: { name: 'Jane' } })]);
    });

    it('keeps each segment as validated (the speaker name trimmed)', () => {
      const request = validate(transcriptRequestSchema, {
        ...metadata,
        transcript: [segment({ speaker: { name: '  Jane Doe ', type: 'external' } })],
      });

      expect(request.transcript).toEqual([segment({ speaker: { name: 'Jane Doe', type: 'external' } })]);
    });

    it('accepts plaintext as one string', () => {
      const request = validate(transcriptRequestSchema, { ...metadata, format: 'plaintext', transcript: 'Sam: Hello.\nJane: Hi.' });

      expect(request).toMatchObject({ format: 'plaintext', transcript: 'Sam: Hello.\nJane: Hi.' });
    });
  });

  describe('format and shape must agree', () => {
    it('refuses a string with format array (the default), saying which rule', () => {
      expect(errorsOf({ ...metadata, transcript: 'Sam: Hello.' })).toEqual([
        { path: 'transcript', message: 'must be an array when format is array (the default); send one string with format plaintext' },
      ]);
    });

    it('refuses an array with format plaintext', () => {
      expect(errorsOf({ ...metadata, format: 'plaintext', transcript: ['Sam: Hello.'] })).toEqual([
        { path: 'transcript', message: 'must be one string when format is plaintext (an array is sent with format array, the default)' },
      ]);
    });

    it('refuses an unknown format', () => {
      expect(errorsOf({ ...metadata, format: 'srt', transcript: ['x'] })).toEqual([
        { path: 'format', message: 'must be array or plaintext' },
      ]);
    });

    it('refuses an empty array, an empty string and other types', () => {
      expect(errorsOf({ ...metadata, transcript: [] })).toEqual([{ path: 'transcript', message: 'must have at least one segment' }]);
      expect(errorsOf({ ...metadata, format: 'plaintext', transcript: '  ' })).toEqual([
        { path: 'transcript', message: 'must not be empty' },
      ]);
      expect(errorsOf({ ...metadata, transcript: { text: 'x' } })).toEqual([
        { path: 'transcript', message: 'must be an array of segments (format array) or one string (format plaintext)' },
      ]);
    });
  });

  describe('segments', () => {
    it('names the element that is neither a string nor a segment object', () => {
      expect(errorsOf({ ...metadata, transcript: ['ok', 42, null, ['x']] })).toEqual([
        { path: 'transcript.1', message: 'must be a string or a segment object {words, speaker}' },
        { path: 'transcript.2', message: 'must be a string or a segment object {words, speaker}' },
        { path: 'transcript.3', message: 'must be a string or a segment object {words, speaker}' },
      ]);
    });

    it('requires a non-empty words array and a speaker', () => {
      expect(errorsOf({ ...metadata, transcript: [{ words: [] }] })).toEqual([
        { path: 'transcript.0.words', message: 'must have at least one word' },
        { path: 'transcript.0.speaker', message: 'is required' },
      ]);
    });

    it('checks each word: text, timestamps ≥ 0, end not before start', () => {
      const words = [
        { text: 'a ', startTimestamp: -1, endTimestamp: 1 },
        { text: 'b ', startTimestamp: 3, endTimestamp: 2 },
        { text: 7, startTimestamp: '1', endTimestamp: 2 },
        { startTimestamp: 1 },
      ];

      expect(errorsOf({ ...metadata, transcript: [segment({ words })] })).toEqual([
        { path: 'transcript.0.words.0.startTimestamp', message: 'must not be negative' },
        { path: 'transcript.0.words.1.endTimestamp', message: 'must not be before startTimestamp' },
        { path: 'transcript.0.words.2.text', message: 'must be a string' },
        { path: 'transcript.0.words.2.startTimestamp', message: 'must be a number of seconds' },
        { path: 'transcript.0.words.3.text', message: 'is required' },
        { path: 'transcript.0.words.3.endTimestamp', message: 'is required' },
      ]);
    });

    it('checks the speaker: a name, a type that is text, a valid email, nothing else', () => {
      const speaker = { name: ' ', type: ' ', email: 'not-an-email', role: 'VP' };

      expect(errorsOf({ ...metadata, transcript: [segment({ speaker })] })).toEqual([
        { path: 'transcript.0.speaker.name', message: 'must not be empty' },
        { path: 'transcript.0.speaker.type', message: 'must not be empty' },
        { path: 'transcript.0.speaker.email', message: 'must be a valid email address' },
        { path: 'transcript.0.speaker.role', message: 'is not a known field' },
      ]);
    });

    it('accepts a speaker type other than internal and external (values seen, not the only ones), trimmed', () => {
      const request = validate(transcriptRequestSchema, {
        ...metadata,
        transcript: [segment({ speaker: { name: 'Sam', type: ' host ' } }), segment({ speaker: { name: 'Jane', type: 'Customer' } })],
      });

      expect(request.transcript).toEqual([
        segment({ speaker: { name: 'Sam', type: 'host' } }),
        segment({ speaker: { name: 'Jane', type: 'Customer' } }),
      ]);
    });

    it(`refuses a speaker type that is not text, or longer than ${transcriptLimits.speakerTypeChars} characters`, () => {
      const types: unknown[] = [1, null, ['internal'], 'x'.repeat(transcriptLimits.speakerTypeChars + 1)];

      expect(errorsOf({ ...metadata, transcript: types.map((type) => segment({ speaker: { name: 'Sam', type } })) })).toEqual([
        { path: 'transcript.0.speaker.type', message: 'must be a string' },
        { path: 'transcript.1.speaker.type', message: 'must be a string' },
        { path: 'transcript.2.speaker.type', message: 'must be a string' },
        { path: 'transcript.3.speaker.type', message: `must be at most ${transcriptLimits.speakerTypeChars} characters` },
      ]);
    });

    it('stops after 20 bad elements, so a huge bad body gets a short answer', () => {
      const errors = errorsOf({ ...metadata, transcript: Array.from({ length: 500 }, () => 1) });

      expect(errors).toHaveLength(20);
    });

    it(`refuses more than ${transcriptLimits.elements} elements`, () => {
      expect(errorsOf({ ...metadata, transcript: Array.from({ length: transcriptLimits.elements + 1 }, () => 'x') })).toEqual([
        { path: 'transcript', message: `must have at most ${transcriptLimits.elements} segments` },
      ]);
    });
  });

  describe('call_start_time', () => {
    it.each(['2026-11-20T15:00:00Z', '2026-11-20T15:00:00.1Z', '2026-11-20T15:00:00.123Z', '2028-02-29T23:59:59Z'])(
      'accepts %s',
      (time) => {
        expect(validate(transcriptRequestSchema, { ...metadata, call_start_time: time, transcript: ['x'] }).call_start_time).toBe(
          new Date(time).toISOString(),
        );
      },
    );

    it.each([
      '2026-11-20T15:00:00+01:00',
      '2026-11-20 15:00:00Z',
      '2026-11-20T15:00Z',
      '2026-11-20',
      '2026-11-20T15:00:00.1234Z',
      'tomorrow',
    ])('refuses the form of %s', (time) => {
      expect(errorsOf({ ...metadata, call_start_time: time, transcript: ['x'] })).toEqual([
        { path: 'call_start_time', message: 'must be an ISO 8601 UTC time of the form YYYY-MM-DDThh:mm:ss[.fff]Z' },
      ]);
    });

    it.each([
      '2026-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T15:60:00Z',
      '2026-13-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
    ])('refuses %s, not a real time', (time) => {
      expect(errorsOf({ ...metadata, call_start_time: time, transcript: ['x'] })).toEqual([
        { path: 'call_start_time', message: 'must be a real date and time (from 1970 on)' },
      ]);
    });
  });

  describe('the other fields', () => {
    it('names every missing required field', () => {
      expect(errorsOf({})).toEqual(
        ['title', 'transcript', 'call_start_time', 'call_id', 'url', 'participants'].map((path) => ({ path, message: 'is required' })),
      );
    });

    it('refuses participants that are not valid emails, naming each, and lower-cases the rest', () => {
      expect(errorsOf({ ...metadata, participants: ['sam@acme-sales.example', 'jane', ''], transcript: ['x'] })).toEqual([
        { path: 'participants.1', message: 'must be a valid email address' },
        { path: 'participants.2', message: 'must be a valid email address' },
      ]);
      expect(validate(transcriptRequestSchema, { ...metadata, transcript: ['x'] }).participants).toEqual([
        'sam@acme-sales.example',
        'jane@globex.example',
      ]);
      expect(errorsOf({ ...metadata, participants: [], transcript: ['x'] })).toEqual([
        { path: 'participants', message: 'must name at least one participant' },
      ]);
    });

    it.each(['javascript:alert(1)', 'ftp://calls.example.com/1', 'calls.example.com/1', 'https://'])('refuses url %s', (url) => {
      expect(errorsOf({ ...metadata, url, transcript: ['x'] })).toEqual([{ path: 'url', message: 'must be an http(s) URL' }]);
    });

    it.each(['abc-123', 'zoom:8f1e=', 'A.b_c:d@e+f=g-h', 'x'.repeat(128)])('accepts call_id %s', (callId) => {
      expect(validate(transcriptRequestSchema, { ...metadata, call_id: callId, transcript: ['x'] }).call_id).toBe(callId);
    });

    it.each(['-abc', 'a/b', 'a b', 'é', '../x'])('refuses call_id %s', (callId) => {
      expect(errorsOf({ ...metadata, call_id: callId, transcript: ['x'] })).toEqual([
        { path: 'call_id', message: 'must start with a letter or digit and contain only letters, digits and . _ : @ + = -' },
      ]);
    });

    it('bounds call_id and title, and refuses unknown fields', () => {
      expect(errorsOf({ ...metadata, call_id: 'x'.repeat(129), title: 'x'.repeat(501), transcript: ['x'], speaker: 'Sam' })).toEqual([
        { path: 'title', message: 'must be at most 500 characters' },
        { path: 'call_id', message: 'must be at most 128 characters' },
        { path: 'speaker', message: 'is not a known field' },
      ]);
    });
  });
});
