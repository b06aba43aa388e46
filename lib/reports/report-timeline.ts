/**
 * The timeline of a call, as the report draws it: who spoke when (a lane per speaker, most
 * talkative first), the longest monologue, and the customer's questions and objections as marks.
 * Pure: from the normalised segments and the stored analysis. A call without any timestamp has no
 * timeline (nothing says when anything was said), and says so.
 */
import type { ContentIdea, IdeaKind, Metrics } from '../transcripts/model/analysis';
import { countWords } from '../transcripts/text/count-words';
import type { Segment, Side } from '../transcripts/text/segment';
import { UNKNOWN_SPEAKER, WORDS_PER_MINUTE } from '../transcripts/transcript-metrics';

/** Named speakers with a lane of their own; the others share one. */
export const MAX_TIMELINE_LANES = 8;
/** Spans of a lane closer than this share of the call are drawn as one: the drawing's resolution, and its size bound. */
const MERGE_RESOLUTION = 1 / 1000;
/** The kinds of ideas the timeline marks: the customer's questions and objections. */
export const MARKED_KINDS: readonly IdeaKind[] = ['customer_question', 'objection'];

export interface TimelineSpan {
  start: number;
  end: number;
  side: Side;
}

export interface TimelineLane {
  /** The speaker, or what the lane gathers (`Other speakers`, `Unnamed speech`). */
  name: string;
  /** The speaker's side; `mixed` for a lane of several speakers (each span keeps its own). */
  side: Side | 'mixed';
  spans: TimelineSpan[];
}

export interface TimelineMark {
  kind: IdeaKind;
  /** Seconds from the start of the call. */
  at: number;
  quote: string;
  speaker?: string;
  /** The idea's rank in the list (its card is `#idea-<rank>`). */
  rank: number;
}

export interface TimelineMonologue {
  /** Index of its speaker's lane. */
  lane: number;
  speaker: string;
  start: number;
  end: number;
  words: number;
}

export type TimelineModel =
  | {
      timed: true;
      /** The axis runs from 0 to this many seconds. */
      axisSeconds: number;
      /** Only part of the call has times (`partial_timestamps`): its untimed speech is not drawn. */
      partial: boolean;
      lanes: TimelineLane[];
      marks: TimelineMark[];
      monologue?: TimelineMonologue;
    }
  | { timed: false; reason: string };

/** When a timed segment ends: its end, else its start plus its words at the assumed pace (a text turn the call's last). */
function endOf(segment: Segment & { start: number }): number {
  if (segment.end !== undefined && segment.end >= segment.start) return segment.end;
  return segment.start + Math.max(1, (countWords(segment.text) / WORDS_PER_MINUTE) * 60);
}

/** Sorted spans, those of a side closer than `gap` (or overlapping) joined. */
function mergeSpans(spans: TimelineSpan[], gap: number): TimelineSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: TimelineSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && last.side === span.side && span.start - last.end <= gap) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

const NO_TIMES =
  'This call has no timestamps, so when anything was said is not known: there is no timeline to draw. Talk is measured in words, and the transcript below is in the order it was said.';

/**
 * The timeline of a call. `segments` undefined: the call's text is not available (only the analysis
 * is), so there is nothing to draw either.
 */
export function buildTimeline(
  segments: readonly Segment[] | undefined,
  metrics: Metrics,
  ideas: readonly ContentIdea[],
  textUnavailable = 'The text of this call is no longer stored, so its timeline cannot be drawn.',
): TimelineModel {
  if (!segments) return { timed: false, reason: textUnavailable };
  const timed = segments.filter((segment): segment is Segment & { start: number } => segment.start !== undefined);
  if (timed.length === 0) return { timed: false, reason: NO_TIMES };

  // Lanes: the most talkative named speakers (the metrics' order), then the others, then unnamed speech.
  const named = metrics.speakers.slice(0, MAX_TIMELINE_LANES).map((speaker) => speaker.name);
  const laneOf = new Map(named.map((name, index) => [name, index]));
  const others: TimelineSpan[] = [];
  const unnamed: TimelineSpan[] = [];
  const byLane: TimelineSpan[][] = named.map(() => []);
  for (const segment of timed) {
    const span = { start: segment.start, end: endOf(segment), side: segment.side };
    if (segment.speaker === undefined) unnamed.push(span);
    else (byLane[laneOf.get(segment.speaker) ?? -1] ?? others).push(span);
  }

  const marks: TimelineMark[] = [];
  ideas.forEach((idea, index) => {
    if (!MARKED_KINDS.includes(idea.kind)) return;
    for (const evidence of idea.evidence) {
      if (evidence.start === undefined) continue;
      marks.push({
        kind: idea.kind,
        at: evidence.start,
        quote: evidence.quote,
        ...(evidence.speaker === undefined ? {} : { speaker: evidence.speaker }),
        rank: index + 1,
      });
    }
  });
  marks.sort((a, b) => a.at - b.at || a.rank - b.rank);

  const longest = metrics.longestMonologue;
  const monologueSpan =
    longest && longest.start !== undefined && longest.seconds !== null && longest.seconds > 0
      ? { start: longest.start, end: longest.start + longest.seconds }
      : undefined;

  const ends = [...timed.map(endOf), ...marks.map((mark) => mark.at), monologueSpan?.end ?? 0];
  const axisSeconds = Math.max(1, ...ends);
  const gap = axisSeconds * MERGE_RESOLUTION;

  const candidates: Array<TimelineLane & { key: string }> = [
    ...named.map((name, index) => ({
      key: `speaker-${index}`,
      name,
      side: metrics.speakers[index]?.side ?? ('unknown' as const),
      spans: byLane[index] ?? [],
    })),
    { key: 'others', name: 'Other speakers', side: 'mixed' as const, spans: others },
    { key: 'unnamed', name: 'Unnamed speech', side: 'unknown' as const, spans: unnamed },
  ];
  const kept = candidates.filter((lane) => lane.spans.length > 0);
  const lanes = kept.map(({ name, side, spans }) => ({ name, side, spans: mergeSpans(spans, gap) }));

  let monologue: TimelineMonologue | undefined;
  if (longest && monologueSpan) {
    // By lane, not by name: a speaker may be called anything, "Other speakers" included.
    const own = laneOf.get(longest.speaker);
    const key = own !== undefined ? `speaker-${own}` : longest.speaker === UNKNOWN_SPEAKER ? 'unnamed' : 'others';
    const lane = kept.findIndex((candidate) => candidate.key === key);
    if (lane >= 0) monologue = { lane, speaker: longest.speaker, ...monologueSpan, words: longest.words };
  }

  return {
    timed: true,
    axisSeconds,
    partial: metrics.durationSource === 'partial_timestamps',
    lanes,
    marks,
    ...(monologue ? { monologue } : {}),
  };
}
