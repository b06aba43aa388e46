import type { SegmentObject } from '../../../../lib/schemas/transcript-segment';
import type { Segment, Side } from '../../../../lib/transcripts/text/segment';

/** Segment-object words of a text, each carrying its trailing space, `step` seconds each from `start`. */
export function wordObjectsOf(text: string, start: number, step = 0.5): SegmentObject['words'] {
  return text
    .split(/(?<= )/)
    .map((word, index) => ({ text: word, startTimestamp: start + index * step, endTimestamp: start + (index + 1) * step }));
}

/** A normalised segment with words timed `step` seconds apart from `start`. */
export function timedSegment(speaker: string, side: Side, text: string, start: number, step = 0.5): Segment {
  const words = wordObjectsOf(text, start, step).map((word) => ({ text: word.text, start: word.startTimestamp, end: word.endTimestamp }));
  return { speaker, side, text: text.trimEnd(), start, end: words.at(-1)?.end ?? start, words };
}
