import type { TranscriptRequest } from '../schemas/transcript';
import type { SegmentObject } from '../schemas/transcript-segment';
import { parseTurns } from './plaintext-turns';
import type { Segment } from './text/segment';
import { assignSides, type DraftSegment } from './speaker-sides';

/**
 * The one list of segments the analysers read, from any of the three forms of a (validated)
 * request's transcript:
 * - plaintext: lines read as speaker turns by `parseTurns`;
 * - an array's string: the same, so a `Name: text` element is that speaker's turn, and a string
 *   holding a whole transcript is split into its turns; a string without a speaker is a segment
 *   of an unknown speaker (it does not continue the element before it);
 * - an array's segment object: its words' texts joined, with their times, speaker and email.
 *
 * A text turn's `end` is the `start` of the next segment with a time (when not earlier). Blank
 * segments are dropped. Sides are decided per speaker by `assignSides`.
 */
export function normaliseTranscript(
  request: Pick<TranscriptRequest, 'transcript' | 'format' | 'participants'>,
  workspaceDomains: readonly string[],
): Segment[] {
  const drafts: DraftSegment[] = [];
  // The format was checked against the transcript's shape when the request was validated.
  const elements = typeof request.transcript === 'string' ? [request.transcript] : request.transcript;
  for (const element of elements) {
    if (typeof element === 'string') {
      for (const turn of parseTurns(element)) drafts.push(turn);
    } else {
      const draft = draftOfSegmentObject(element);
      if (draft) drafts.push(draft);
    }
  }
  endTextTurns(drafts);
  return assignSides(drafts, request.participants, workspaceDomains);
}

/**
 * A segment object's words, joined. Spec 2.5 says each word's text carries its trailing space;
 * a segment whose words carry no whitespace at all gets one after each word but the last (in its
 * kept words too, so offsets in `text` still map to words). `undefined` when it has no text.
 */
function draftOfSegmentObject(element: SegmentObject): DraftSegment | undefined {
  const spaced = element.words.some((word) => /\s/.test(word.text));
  const last = element.words.length - 1;
  const words = element.words.map((word, index) => ({
    text: spaced || index === last || word.text === '' ? word.text : `${word.text} `,
    start: word.startTimestamp,
    end: word.endTimestamp,
  }));
  const text = words
    .map((word) => word.text)
    .join('')
    .trimEnd();
  if (text.trim() === '') return undefined;
  const first = words[0] as (typeof words)[number];
  const { name, type, email } = element.speaker;
  return {
    speaker: name,
    ...(type === undefined ? {} : { type }),
    ...(email === undefined ? {} : { email: email.toLowerCase() }),
    text,
    start: first.start,
    end: (words[last] as (typeof words)[number]).end,
    words,
  };
}

/** Gives each timed text turn without an end the start of the next timed segment, read backwards in one pass. */
function endTextTurns(drafts: DraftSegment[]): void {
  let nextStart: number | undefined;
  for (let index = drafts.length - 1; index >= 0; index--) {
    const draft = drafts[index] as DraftSegment;
    if (draft.start === undefined) continue;
    if (draft.end === undefined && nextStart !== undefined && nextStart >= draft.start) draft.end = nextStart;
    nextStart = draft.start;
  }
}
