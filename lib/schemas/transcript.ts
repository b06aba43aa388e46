import * as z from 'zod';
import { safeHttpUrl } from '../http/html';
import { missingAsRequired } from '../http/validate';
import { emailSchema } from './email';
import { CALL_ID_PATTERN, transcriptLimits } from './transcript-limits';
import { typeError } from './type-error';

export { CALL_ID_PATTERN, transcriptLimits };

/**
 * Seconds from the start of the call: a finite number (zod's number refuses Infinity and NaN, so
 * JSON's `1e999` is not a number of seconds), never negative. Checked twice per word: kept to one
 * check, the validation of a long call's words is a large part of its request's CPU time.
 */
const secondsSchema = z.number(typeError('must be a number of seconds')).nonnegative('must not be negative');

const wordSchema = z
  .strictObject({
    text: z.string(typeError('must be a string')).max(transcriptLimits.wordChars, `must be at most ${transcriptLimits.wordChars} characters`),
    startTimestamp: secondsSchema,
    endTimestamp: secondsSchema,
  })
  .refine((word) => word.endTimestamp >= word.startTimestamp, { message: 'must not be before startTimestamp', path: ['endTimestamp'] });

const speakerSchema = z.strictObject({
  name: z
    .string(typeError('must be a string'))
    .trim()
    .min(1, 'must not be empty')
    .max(transcriptLimits.speakerNameChars, `must be at most ${transcriptLimits.speakerNameChars} characters`),
  /** Optional: without it the side is told from the email, the participants and the workspace's domains. */
  type: z.enum(['internal', 'external'], typeError('must be internal or external')).optional(),
  email: emailSchema.optional(),
});

/** Spec 2.5's segment object: the words of one speaker's turn, with their timestamps. */
export const segmentObjectSchema = z.strictObject({
  words: z
    .array(wordSchema, typeError('must be an array of words'))
    .min(1, 'must have at least one word')
    .max(transcriptLimits.wordsPerSegment, `must have at most ${transcriptLimits.wordsPerSegment} words`),
  speaker: speakerSchema,
});

export type SegmentObject = z.output<typeof segmentObjectSchema>;
/** One element of an array transcript: a segment of plain text, or a segment object. */
export type TranscriptElement = string | SegmentObject;

/** Adds `issues` of a nested value to `ctx`, under `prefix`. */
function forwardIssues(ctx: z.RefinementCtx, prefix: PropertyKey[], issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) ctx.addIssue({ code: 'custom', message: 'is not a known field', path: [...prefix, ...issue.path, key] });
    } else {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...prefix, ...issue.path] });
    }
  }
}

/** Stops reporting a bad transcript's elements after this many, so a huge bad body gets a short answer. */
const MAX_ELEMENT_ISSUES = 20;

/**
 * `transcript`: one string (plaintext) or an array whose elements are strings or segment objects.
 * Which of the two the request's `format` asks for is checked on the whole request; here each
 * element is checked on its own, so an error names the element (`transcript.3.words.0.endTimestamp`).
 */
const transcriptContentSchema = z.unknown().transform((value, ctx): string | TranscriptElement[] => {
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: 'is required' });
    return z.NEVER;
  }
  if (typeof value === 'string') {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'must not be empty' });
    return value;
  }
  if (!Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be an array of segments (format array) or one string (format plaintext)' });
    return z.NEVER;
  }
  if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'must have at least one segment' });
  if (value.length > transcriptLimits.elements) {
    ctx.addIssue({ code: 'custom', message: `must have at most ${transcriptLimits.elements} segments` });
    return z.NEVER;
  }
  const elements: TranscriptElement[] = [];
  let bad = 0;
  for (let index = 0; index < value.length && bad < MAX_ELEMENT_ISSUES; index++) {
    const element: unknown = value[index];
    if (typeof element === 'string') {
      elements.push(element);
      continue;
    }
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      ctx.addIssue({ code: 'custom', message: 'must be a string or a segment object {words, speaker}', path: [index] });
      bad++;
      continue;
    }
    const parsed = segmentObjectSchema.safeParse(element, missingAsRequired);
    if (parsed.success) {
      elements.push(parsed.data);
    } else {
      forwardIssues(ctx, [index], parsed.error.issues);
      bad++;
    }
  }
  return elements;
});

/** `YYYY-MM-DDThh:mm:ss[.fff]Z`, the only form spec 2.5 names. */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/** A real instant in the spec's form (no 31 April, no 25:00), normalised to `toISOString()`'s. */
export const callStartTimeSchema = z.string(typeError('must be a string')).transform((value, ctx) => {
  const match = ISO_UTC.exec(value);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 UTC time of the form YYYY-MM-DDThh:mm:ss[.fff]Z' });
    return z.NEVER;
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = Number((match[7] ?? '').padEnd(3, '0'));
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  const real =
    year >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  if (!real) {
    ctx.addIssue({ code: 'custom', message: 'must be a real date and time (from 1970 on)' });
    return z.NEVER;
  }
  return date.toISOString();
});

export const callIdSchema = z
  .string(typeError('must be a string'))
  .min(1, 'must not be empty')
  .max(transcriptLimits.callIdChars, `must be at most ${transcriptLimits.callIdChars} characters`)
  .regex(CALL_ID_PATTERN, 'must start with a letter or digit and contain only letters, digits and . _ : @ + = -');

const httpUrlSchema = z
  .string(typeError('must be a string'))
  .max(transcriptLimits.urlChars, `must be at most ${transcriptLimits.urlChars} characters`)
  .refine((value) => safeHttpUrl(value) !== undefined, 'must be an http(s) URL');

/** Spec 2.5: a sales call's transcript, in one of the two formats, with its metadata. */
export const transcriptRequestSchema = z
  .strictObject({
    title: z.string(typeError('must be a string')).trim().min(1, 'must not be empty').max(transcriptLimits.titleChars, `must be at most ${transcriptLimits.titleChars} characters`),
    transcript: transcriptContentSchema,
    call_start_time: callStartTimeSchema,
    call_id: callIdSchema,
    url: httpUrlSchema,
    participants: z
      .array(emailSchema.transform((email) => email.toLowerCase()), typeError('must be an array of email addresses'))
      .min(1, 'must name at least one participant')
      .max(transcriptLimits.participants, `must have at most ${transcriptLimits.participants} participants`),
    format: z.enum(['array', 'plaintext'], typeError('must be array or plaintext')).default('array'),
  })
  .superRefine((request, ctx) => {
    const isString = typeof request.transcript === 'string';
    if (request.format === 'plaintext' && !isString) {
      ctx.addIssue({ code: 'custom', path: ['transcript'], message: 'must be one string when format is plaintext (an array is sent with format array, the default)' });
    }
    if (request.format === 'array' && isString) {
      ctx.addIssue({ code: 'custom', path: ['transcript'], message: 'must be an array when format is array (the default); send one string with format plaintext' });
    }
  });

export type TranscriptRequest = z.output<typeof transcriptRequestSchema>;
