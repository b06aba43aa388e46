import * as z from '../zod';
import { emailSchema } from './email';
import { transcriptLimits } from './transcript-limits';
import { typeError } from './type-error';

/** Seconds from the start of the call: a finite number (zod's number refuses Infinity and NaN, so JSON's `1e999` is not a number of seconds), never negative. */
const secondsSchema = z.number(typeError('must be a number of seconds')).check(z.nonnegative('must not be negative'));

const wordSchema = z
  .strictObject({
    text: z.string(typeError('must be a string')).check(z.maxLength(transcriptLimits.wordChars, `must be at most ${transcriptLimits.wordChars} characters`)),
    startTimestamp: secondsSchema,
    endTimestamp: secondsSchema,
  })
  .check(z.refine((word) => word.endTimestamp >= word.startTimestamp, { message: 'must not be before startTimestamp', path: ['endTimestamp'] }));

const speakerSchema = z.strictObject({
  name: z
    .string(typeError('must be a string'))
    .check(
      z.trim(),
      z.minLength(1, 'must not be empty'),
      z.maxLength(transcriptLimits.speakerNameChars, `must be at most ${transcriptLimits.speakerNameChars} characters`),
    ),
  /** Optional: without it the side is told from the email, the participants and the workspace's domains. */
  type: z.optional(z.enum(['internal', 'external'], typeError('must be internal or external'))),
  email: z.optional(emailSchema),
});

/** Spec 2.5's segment object: the words of one speaker's turn, with their timestamps. */
export const segmentObjectSchema = z.strictObject({
  words: z
    .array(wordSchema, typeError('must be an array of words'))
    .check(z.minLength(1, 'must have at least one word'), z.maxLength(transcriptLimits.wordsPerSegment, `must have at most ${transcriptLimits.wordsPerSegment} words`)),
  speaker: speakerSchema,
});

export type SegmentObject = z.output<typeof segmentObjectSchema>;
