import type { Evidence } from '../model/analysis';
import type { Segment } from '../text/segment';
import { startAt } from '../text/segment';
import { formatTimestamp } from '../text/timestamp';

/**
 * The evidence of a quote at `from`..`to` of a segment's text: those very characters, the
 * segment's speaker and side, and the time of the quote's first word (to the hundredth) when the
 * call says it. Both analysers build their evidence here, from the call, never from elsewhere.
 */
export function evidenceAt(segment: Segment, from: number, to: number): Evidence {
  const start = startAt(segment, from);
  return {
    quote: segment.text.slice(from, to),
    ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
    side: segment.side,
    ...(start === undefined ? {} : { start: Math.round(start * 100) / 100, timestamp: formatTimestamp(start) }),
  };
}
