import { safeHttpUrl } from './http-url';
import { missingAsRequired } from './validate';
import * as z from '../zod';
import { emailSchema } from './email';
import { CALL_ID_PATTERN, transcriptLimits } from './transcript-limits';
import type { SegmentObject } from './transcript-segment';
import { readPlainSegment, segmentObjectSchema } from './transcript-segment';
import { typeError } from './type-error';

/** One element of an array transcript: a segment of plain text, or a segment object. */
export type TranscriptElement = string | SegmentObject;

/** Adds `issues` of a nested value to `ctx`, under `prefix`. */
function forwardIssues(ctx: z.core.ParsePayload, prefix: PropertyKey[], issues: readonly z.core.$ZodIssue[]): void {
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) z.reportIssue(ctx, 'is not a known field', [...prefix, ...issue.path, key]);
    } else {
      z.reportIssue(ctx, issue.message, [...prefix, ...issue.path]);
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
function readTranscriptContent(value: unknown, ctx: z.core.ParsePayload): string | TranscriptElement[] {
  if (value === undefined) {
    return z.refuse(ctx, 'is required');
  }
  if (typeof value === 'string') {
    if (value.trim() === '') z.reportIssue(ctx, 'must not be empty');
    return value;
  }
  if (!Array.isArray(value)) {
    return z.refuse(ctx, 'must be an array of segments (format array) or one string (format plaintext)');
  }
  if (value.length === 0) z.reportIssue(ctx, 'must have at least one segment');
  if (value.length > transcriptLimits.elements) {
    return z.refuse(ctx, `must have at most ${transcriptLimits.elements} segments`);
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
      z.reportIssue(ctx, 'must be a string or a segment object {words, speaker}', [index]);
      bad++;
      continue;
    }
    const plain = readPlainSegment(element);
    if (plain) {
      elements.push(plain);
      continue;
    }
    const parsed = z.safeParse(segmentObjectSchema, element, missingAsRequired);
    if (parsed.success) {
      elements.push(parsed.data);
    } else {
      forwardIssues(ctx, [index], parsed.error.issues);
      bad++;
    }
  }
  return elements;
}

const transcriptContentSchema = z.pipe(z.unknown(), z.transform(readTranscriptContent));

/** `YYYY-MM-DDThh:mm:ss[.fff]Z`, the only form spec 2.5 names. */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/** A real instant in the spec's form (no 31 April, no 25:00), normalised to `toISOString()`'s. */
function readCallStartTime(value: string, ctx: z.core.ParsePayload): string {
  const match = ISO_UTC.exec(value);
  if (!match) {
    return z.refuse(ctx, 'must be an ISO 8601 UTC time of the form YYYY-MM-DDThh:mm:ss[.fff]Z');
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
    return z.refuse(ctx, 'must be a real date and time (from 1970 on)');
  }
  return date.toISOString();
}

export const callStartTimeSchema = z.pipe(z.string(typeError('must be a string')), z.transform(readCallStartTime));

export const callIdSchema = z
  .string(typeError('must be a string'))
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(transcriptLimits.callIdChars, `must be at most ${transcriptLimits.callIdChars} characters`),
    z.regex(CALL_ID_PATTERN, 'must start with a letter or digit and contain only letters, digits and . _ : @ + = -'),
  );

const httpUrlSchema = z.string(typeError('must be a string')).check(
  z.maxLength(transcriptLimits.urlChars, `must be at most ${transcriptLimits.urlChars} characters`),
  z.refine((value) => safeHttpUrl(value) !== undefined, 'must be an http(s) URL'),
);

/** Spec 2.5: a sales call's transcript, in one of the two formats, with its metadata. */
export const transcriptRequestSchema = z
  .strictObject({
    title: z
      .string(typeError('must be a string'))
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(transcriptLimits.titleChars, `must be at most ${transcriptLimits.titleChars} characters`),
      ),
    transcript: transcriptContentSchema,
    call_start_time: callStartTimeSchema,
    call_id: callIdSchema,
    url: httpUrlSchema,
    participants: z
      .array(
        z.pipe(
          emailSchema,
          z.transform((email: string) => email.toLowerCase()),
        ),
        typeError('must be an array of email addresses'),
      )
      .check(
        z.minLength(1, 'must name at least one participant'),
        z.maxLength(transcriptLimits.participants, `must have at most ${transcriptLimits.participants} participants`),
      ),
    format: z._default(z.enum(['array', 'plaintext'], typeError('must be array or plaintext')), 'array'),
  })
  .check(
    z.superRefine((request, ctx) => {
      const isString = typeof request.transcript === 'string';
      if (request.format === 'plaintext' && !isString) {
        ctx.addIssue({
          code: 'custom',
          path: ['transcript'],
          message: 'must be one string when format is plaintext (an array is sent with format array, the default)',
        });
      }
      if (request.format === 'array' && isString) {
        ctx.addIssue({
          code: 'custom',
          path: ['transcript'],
          message: 'must be an array when format is array (the default); send one string with format plaintext',
        });
      }
    }),
  );

export type TranscriptRequest = z.output<typeof transcriptRequestSchema>;
