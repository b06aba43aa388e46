import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { ideaKinds } from '../../lib/transcripts/model/analysis';
import { formatTimestamp } from '../../lib/transcripts/text/timestamp';
import { timedWords } from '../../tests/fixtures/transcripts/timed-words';

/**
 * A labelled sales call: a readable script, the input form it is sent in, and the ideas a
 * sales-marketing person would take from it, each a verbatim quote of one line of the script.
 * The files live in `tests/fixtures/transcripts/labelled/`; `docs/transcript-evaluation.md` says how to
 * write one.
 */
const personSchema = z.strictObject({
  name: z.string().regex(/^\S+ \S+/, 'a first and a last name'),
  side: z.enum(['internal', 'external']),
  email: z.email(),
});

export const labelSchema = z.strictObject({
  kind: z.enum(ideaKinds),
  /** Verbatim words of one line of the script: a sentence or a run of them. */
  quote: z.string().min(10),
  /** Why a marketer would take it (for the reader of the file, not scored). */
  why: z.string().optional(),
  /**
   * A fair idea but not one the call must yield: finding it is not a false idea, missing it is not
   * a miss. For the lesser of many ideas in a long call, where a marketer would take the others first.
   */
  optional: z.boolean().optional(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelledCallSchema = z.strictObject({
  title: z.string().min(1),
  shape: z.string().min(1),
  industry: z.string().min(1),
  /** `segments`: segment objects with word times; `strings`: `Name: text` strings; `plaintext` with or without `[hh:mm:ss]`. */
  form: z.enum(['segments', 'strings', 'plaintext', 'plaintext-untimed']),
  /** Written after the analyser was tuned and scored once: reported apart. */
  heldOut: z.boolean(),
  /** The seller's email domain: the workspace's own, so that its people are `internal`. */
  sellerDomain: z.string().min(3),
  people: z.record(z.string(), personSchema),
  script: z.array(z.tuple([z.string(), z.string().min(1)])).min(4),
  ideas: z.array(labelSchema),
});
export type LabelledCall = z.infer<typeof labelledCallSchema> & { id: string };

/** Where a label's quote stands: the script line and the characters in it. */
export interface Span {
  line: number;
  from: number;
  to: number;
}

export const LABELLED_DIR = join(__dirname, '../../tests/fixtures/transcripts/labelled');

/** Every labelled call of the folder (or of the files named), checked: a bad file throws, naming what is wrong. */
export function loadLabelledCalls(dir = LABELLED_DIR, only?: readonly string[]): LabelledCall[] {
  const files = only ?? readdirSync(dir).filter((file) => file.endsWith('.json'));
  return [...files].sort().map((file) => {
    const path = file.includes('/') ? file : join(dir, file);
    const id = path.replace(/^.*\//, '').replace(/\.json$/, '');
    const parsed = labelledCallSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) throw new Error(`${id}: ${z.prettifyError(parsed.error)}`);
    const call = { ...parsed.data, id };
    for (const problem of problemsOf(call)) throw new Error(`${id}: ${problem}`);
    return call;
  });
}

/**
 * The files of a folder that say more of some labelled calls, one a call named after it
 * (`<call id>.json`), each checked against `schema`: a file naming no call of `calls`, or not of the
 * schema, throws with `what` and its name. None when the folder is not there.
 */
export function loadPerCallFiles<T>(
  dir: string,
  calls: readonly LabelledCall[],
  schema: z.ZodType<T>,
  what: string,
): Array<{ call: LabelledCall; data: T; fail: (problem: string) => never }> {
  if (!existsSync(dir)) return [];
  const byId = new Map(calls.map((call) => [call.id, call]));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const fail = (problem: string): never => {
        throw new Error(`${what} ${file}: ${problem}`);
      };
      const id = file.replace(/\.json$/, '');
      const call = byId.get(id) ?? fail(`no labelled call ${id}`);
      const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!parsed.success) fail(z.prettifyError(parsed.error));
      return { call, data: parsed.data as T, fail };
    });
}

/** What is wrong with a call beyond its schema: unknown speakers, quotes not found or not unique, sides. */
export function problemsOf(call: LabelledCall): string[] {
  const problems: string[] = [];
  call.script.forEach(([who], index) => {
    if (!call.people[who]) problems.push(`script line ${index + 1} names ${who}, who is not in people`);
  });
  for (const person of Object.values(call.people)) {
    const internal = person.email.toLowerCase().endsWith(`@${call.sellerDomain.toLowerCase()}`);
    if (internal !== (person.side === 'internal')) problems.push(`${person.name}'s email does not match side ${person.side}`);
  }
  for (const label of call.ideas) {
    const found = call.script.flatMap(([, text], line) => (text.includes(label.quote) ? [line] : []));
    if (found.length === 0) problems.push(`quote not found verbatim in any script line: "${label.quote}"`);
    else if (found.length > 1 || text(call, found[0]!).indexOf(label.quote) !== text(call, found[0]!).lastIndexOf(label.quote))
      problems.push(`quote found more than once: "${label.quote}"`);
  }
  return problems;
}

const text = (call: LabelledCall, line: number) => call.script[line]![1];

/** The script line and characters of a label's quote. */
export function spanOf(call: LabelledCall, label: Label): Span {
  const line = call.script.findIndex(([, words]) => words.includes(label.quote));
  const from = text(call, line).indexOf(label.quote);
  return { line, from, to: from + label.quote.length };
}

/** The spec 2.5 request a recorder would send for the call, in the call's form. */
export function requestOf(call: LabelledCall): Record<string, unknown> {
  const participants = Object.values(call.people).map((person) => person.email);
  const head = {
    title: call.title,
    call_id: call.id,
    call_start_time: '2026-03-02T15:00:00Z',
    url: `https://calls.${call.sellerDomain}/recordings/${call.id}`,
    participants,
  };
  const speaker = (who: string) => call.people[who]!;
  const times = timedWords(call.script.map(([, line]) => line));
  switch (call.form) {
    case 'segments':
      return {
        ...head,
        format: 'array',
        transcript: call.script.map(([who], line) => {
          const { name, side, email } = speaker(who);
          return { speaker: { name, type: side, email }, words: times[line] };
        }),
      };
    case 'strings':
      return { ...head, format: 'array', transcript: call.script.map(([who, line]) => `${speaker(who).name}: ${line}`) };
    case 'plaintext':
      return {
        ...head,
        format: 'plaintext',
        transcript: call.script
          .map(([who, line], index) => `[${formatTimestamp(times[index]![0]!.startTimestamp)}] ${speaker(who).name}: ${line}`)
          .join('\n'),
      };
    case 'plaintext-untimed':
      return { ...head, format: 'plaintext', transcript: call.script.map(([who, line]) => `${speaker(who).name}: ${line}`).join('\n') };
  }
}
