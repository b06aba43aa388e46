import * as z from '../zod';
import { emailSchema } from './email';
import { transcriptLimits } from './transcript-limits';
import { typeError } from './type-error';

/** Seconds from the start of the call: a finite number (zod's number refuses Infinity and NaN, so JSON's `1e999` is not a number of seconds), never negative. */
const secondsSchema = z.number(typeError('must be a number of seconds')).check(z.nonnegative('must not be negative'));

const wordSchema = z
  .strictObject({
    text: z
      .string(typeError('must be a string'))
      .check(z.maxLength(transcriptLimits.wordChars, `must be at most ${transcriptLimits.wordChars} characters`)),
    startTimestamp: secondsSchema,
    endTimestamp: secondsSchema,
  })
  .check(
    z.refine((word) => word.endTimestamp >= word.startTimestamp, { message: 'must not be before startTimestamp', path: ['endTimestamp'] }),
  );

const speakerSchema = z.strictObject({
  name: z
    .string(typeError('must be a string'))
    .check(
      z.trim(),
      z.minLength(1, 'must not be empty'),
      z.maxLength(transcriptLimits.speakerNameChars, `must be at most ${transcriptLimits.speakerNameChars} characters`),
    ),
  /**
   * Optional, and any text: spec 2.5 lists `internal` and `external` as the values seen, not as the
   * only ones. Any other value states no side (the add answer's `warnings` names it), and the side
   * is then told as without one, from the email, the participants and the workspace's domains.
   */
  type: z.optional(
    z
      .string(typeError('must be a string'))
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(transcriptLimits.speakerTypeChars, `must be at most ${transcriptLimits.speakerTypeChars} characters`),
        z.describe(
          `The speaker's side: \`internal\` (the workspace's company) or \`external\` (case aside). Any other text (at most ${transcriptLimits.speakerTypeChars} characters) is accepted but states no side: the side is then told from the email and the participants, else \`unknown\`, and the answer's \`warnings\` names the value.`,
        ),
      ),
  ),
  email: z.optional(emailSchema),
});

/** Spec 2.5's segment object: the words of one speaker's turn, with their timestamps. */
export const segmentObjectSchema = z.strictObject({
  words: z
    .array(wordSchema, typeError('must be an array of words'))
    .check(
      z.minLength(1, 'must have at least one word'),
      z.maxLength(transcriptLimits.wordsPerSegment, `must have at most ${transcriptLimits.wordsPerSegment} words`),
    ),
  speaker: speakerSchema,
});

export type SegmentObject = z.output<typeof segmentObjectSchema>;
type Word = SegmentObject['words'][number];

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** `value` as `wordSchema` outputs it, when it is plainly valid; undefined when any check might fail. */
function plainWord(value: unknown): Word | undefined {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 3) return undefined;
  if (!hasOwn(value, 'text') || !hasOwn(value, 'startTimestamp') || !hasOwn(value, 'endTimestamp')) return undefined;
  const { text, startTimestamp, endTimestamp } = value as Record<string, unknown>;
  if (typeof text !== 'string' || text.length > transcriptLimits.wordChars) return undefined;
  if (typeof startTimestamp !== 'number' || !Number.isFinite(startTimestamp) || !(startTimestamp >= 0)) return undefined;
  if (typeof endTimestamp !== 'number' || !Number.isFinite(endTimestamp) || !(endTimestamp >= startTimestamp)) return undefined;
  return { text, startTimestamp, endTimestamp };
}

/**
 * A segment object of a parsed JSON body (`JSON.parse` output: own keys only) as `segmentObjectSchema`
 * outputs it, read without the schema when it is plainly valid; undefined when any check might fail,
 * and the schema then reads it (and names what is wrong).
 *
 * Why: a call has thousands of words, and the schema's checks of each word object were most of a
 * transcript request's CPU time (2.2 ms of a 180 KiB call's 12 ms). The words are read here by hand;
 * the speaker, one per segment, still by its schema. This reader only has to be sound, never complete:
 * whatever it returns, the schema would return too, byte for byte once serialised (keys in the
 * schema's order). A property test holds it to that.
 */
export function readPlainSegment(value: unknown): SegmentObject | undefined {
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.keys(value).length !== 2 ||
    !hasOwn(value, 'words') ||
    !hasOwn(value, 'speaker')
  )
    return undefined;
  const { words, speaker } = value as Record<string, unknown>;
  if (!Array.isArray(words) || words.length < 1 || words.length > transcriptLimits.wordsPerSegment) return undefined;
  const read: Word[] = new Array(words.length);
  for (let index = 0; index < words.length; index++) {
    const word = plainWord(words[index]);
    if (!word) return undefined;
    read[index] = word;
  }
  const readSpeaker = z.safeParse(speakerSchema, speaker);
  return readSpeaker.success ? { words: read, speaker: readSpeaker.data } : undefined;
}
