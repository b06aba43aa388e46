/**
 * A transcript request's limits and the shape of a call id, without the schema that enforces them:
 * reading a transcript needs them, and need not build the request's zod schemas at its cold start.
 */

/** Limits of a transcript request, each named in the error that enforces it (see docs/transcripts.md). */
export const transcriptLimits = {
  /** The request body (5 MiB): a one-hour call with word timestamps is about 1 MB. */
  bodyBytes: 5 * 1024 * 1024,
  titleChars: 500,
  callIdChars: 128,
  urlChars: 2048,
  participants: 500,
  /** Elements of an array transcript (strings or segments). */
  elements: 100_000,
  wordsPerSegment: 20_000,
  wordChars: 1_000,
  speakerNameChars: 200,
  speakerTypeChars: 100,
} as const;

/**
 * A call's identifier, unique in the workspace: it also names the transcript in its URL, so it is
 * limited to characters a path segment carries as they are.
 */
export const CALL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@+=-]*$/;

/** A string that can be a call id: the pattern, within the length limit (what `callIdSchema` checks, without its messages). */
export function isCallId(value: string): boolean {
  return value.length <= transcriptLimits.callIdChars && CALL_ID_PATTERN.test(value);
}
