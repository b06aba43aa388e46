import type { Metrics } from './model/analysis';
import { countWords } from './text/count-words';
import type { Segment, Side } from './text/segment';
import { splitSentences, type Sentence } from './text/sentences';

/** Speaking pace assumed to estimate a call's duration from its words. */
export const WORDS_PER_MINUTE = 150;
/** Speakers listed in the metrics, most talkative first; the others still count in their side. */
export const MAX_LISTED_SPEAKERS = 50;
/** Name given to the longest monologue when its segment names no speaker. */
export const UNKNOWN_SPEAKER = 'Unknown speaker';

type Talk = Metrics['sides']['internal'];
type LongestMonologue = NonNullable<Metrics['longestMonologue']>;

/** Talk being summed: seconds are summed only over segments with both times. */
interface Tally {
  words: number;
  seconds: number;
  timed: boolean;
  questions: number;
  turns: number;
}

interface SpeakerTally extends Tally {
  name: string;
  email?: string;
  side: Side;
}

/** A run of one speaker's consecutive segments. */
interface Run {
  speaker?: string;
  side: Side;
  words: number;
  seconds: number;
  timed: boolean;
  start?: number;
  end?: number;
}

const newTally = (): Tally => ({ words: 0, seconds: 0, timed: false, questions: 0, turns: 0 });
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Seconds of a segment's speech: `end − start` when it has both. */
function secondsOf(segment: Segment): number | undefined {
  return segment.start === undefined || segment.end === undefined ? undefined : Math.max(0, segment.end - segment.start);
}

/**
 * Metrics of a call (see `metricsSchema`).
 *
 * - Words are whitespace-separated tokens; a segment's talk time is `end − start` when it has both,
 *   and for the call's last segment with words, when it has a start only, its words' at `WORDS_PER_MINUTE`.
 * - Shares are of talk time when every segment with words has both times (and some time was
 *   spoken), else of words (`shareBasis`). `talkSeconds` sums the segments that have both times,
 *   and is null when none has.
 * - Turns: consecutive segments of one named speaker make one turn; a segment without a speaker
 *   is a turn of its own (nothing says two of them are one person).
 * - Questions: sentences ending with a question mark (`splitSentences`).
 * - Timing: a segment is timed when it has a time (a start; an end comes only with one), and
 *   `timedShare` is the share of the words in timed segments (below 1 while any is not, above 0
 *   while any is).
 * - Duration: the timed span is from the first start to the last time said (end or start). When it
 *   is more than 0 seconds and every segment with words is timed, it is the call's duration
 *   (`timestamps`). When only some are (`partial_timestamps`), the span holds the untimed segments
 *   between timed ones, not those before the first or after the last: their words are added at
 *   `WORDS_PER_MINUTE`. Else (no span) the duration is estimated from all the words
 *   (`estimated_from_words`).
 * - Speakers: named speakers only, most talk first (by the share's basis; ties by words, then
 *   first to speak), at most `MAX_LISTED_SPEAKERS`. Speech without a speaker counts only in its
 *   side (`unknown`), and in the longest monologue as `UNKNOWN_SPEAKER`.
 * - Longest monologue: the run of one speaker's turns with the most seconds (first start to last
 *   end) when shares are of talk time, else with the most words; the first of equals.
 *
 * `sentences` may be passed when the caller has split them already.
 */
export function measureTranscript(segments: readonly Segment[], sentences: readonly Sentence[] = splitSentences(segments)): Metrics {
  const questionsBySegment = new Array<number>(segments.length).fill(0);
  for (const sentence of sentences)
    if (sentence.question) questionsBySegment[sentence.segment] = (questionsBySegment[sentence.segment] ?? 0) + 1;

  const sides: Record<Side, Tally> = { internal: newTally(), external: newTally(), unknown: newTally() };
  const speakers = new Map<string, SpeakerTally>();
  const total = newTally();
  let everySpokenSegmentTimed = true;
  let firstStart = Infinity;
  let lastTime = -Infinity;
  let timedWords = 0;
  let timed = false;
  /** Words of untimed segments before the first timed one, and since the last timed one. */
  let untimedBefore = 0;
  let untimedAfter = 0;
  let run: Run | undefined;
  let longest: Run | undefined;
  const runs: Run[] = [];

  // The call's last words, timed with a start only, have nothing after them to end them (a
  // plaintext call's last line): their talk time is their words' at WORDS_PER_MINUTE, as untimed
  // words' are. Without it, a call timed on every line read as untimed (shares of words).
  const lastSpoken = segments.findLastIndex((segment) => countWords(segment.text) > 0);
  segments.forEach((segment, index) => {
    const words = countWords(segment.text);
    const openEnded = index === lastSpoken && segment.start !== undefined && segment.end === undefined;
    const seconds = openEnded ? secondsToSay(words) : secondsOf(segment);
    if (openEnded) lastTime = Math.max(lastTime, segment.start! + seconds!);
    const questions = questionsBySegment[index] ?? 0;
    if (words > 0 && seconds === undefined) everySpokenSegmentTimed = false;
    if (segment.start !== undefined) firstStart = Math.min(firstStart, segment.start);
    for (const time of [segment.start, segment.end]) if (time !== undefined) lastTime = Math.max(lastTime, time);
    if (segment.start !== undefined || segment.end !== undefined) {
      timed = true;
      timedWords += words;
      untimedAfter = 0;
    } else if (!timed) {
      untimedBefore += words;
    } else {
      untimedAfter += words;
    }

    const newTurn = !run || segment.speaker === undefined || run.speaker !== segment.speaker;
    let speaker: SpeakerTally | undefined;
    if (segment.speaker !== undefined) {
      speaker = speakers.get(segment.speaker) ?? { name: segment.speaker, side: segment.side, ...newTally() };
      if (speaker.email === undefined && segment.email !== undefined) speaker.email = segment.email;
      speakers.set(segment.speaker, speaker);
    }
    for (const tally of [total, sides[segment.side], speaker]) {
      if (!tally) continue;
      tally.words += words;
      tally.questions += questions;
      if (newTurn) tally.turns++;
      if (seconds !== undefined) {
        tally.seconds += seconds;
        tally.timed = true;
      }
    }

    if (newTurn || !run) {
      run = {
        ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
        side: segment.side,
        words: 0,
        seconds: 0,
        timed: false,
      };
      if (segment.start !== undefined) run.start = segment.start;
      runs.push(run);
    }
    run.words += words;
    if (seconds !== undefined) {
      run.seconds += seconds;
      run.timed = true;
    }
    if (segment.end !== undefined) run.end = segment.end;
  });

  const shareBasis = everySpokenSegmentTimed && total.words > 0 && total.seconds > 0 ? 'talk_time' : 'words';
  const amountOf = (tally: Tally) => (shareBasis === 'talk_time' ? tally.seconds : tally.words);
  const talkOf = (tally: Tally): Talk => ({
    words: tally.words,
    talkSeconds: tally.timed ? round(tally.seconds, 2) : null,
    share: amountOf(total) > 0 ? Math.min(1, round(amountOf(tally) / amountOf(total), 3)) : 0,
    questions: tally.questions,
    turns: tally.turns,
  });

  for (const candidate of runs) {
    if (!longest || monologueLength(candidate, shareBasis) > monologueLength(longest, shareBasis)) longest = candidate;
  }
  const span = firstStart === Infinity ? 0 : lastTime - firstStart;
  const durationSource: Metrics['durationSource'] = !(span > 0)
    ? 'estimated_from_words'
    : timedWords < total.words
      ? 'partial_timestamps'
      : 'timestamps';
  const durationSeconds = {
    timestamps: span,
    partial_timestamps: span + secondsToSay(untimedBefore + untimedAfter),
    estimated_from_words: secondsToSay(total.words),
  }[durationSource];

  return {
    durationSeconds: round(durationSeconds, 2),
    durationSource,
    timedShare: shareOfTimed(timedWords, total.words),
    words: total.words,
    segments: segments.length,
    shareBasis,
    speakers: [...speakers.values()]
      .map((speaker, order) => ({ speaker, order }))
      .sort((a, b) => amountOf(b.speaker) - amountOf(a.speaker) || b.speaker.words - a.speaker.words || a.order - b.order)
      .slice(0, MAX_LISTED_SPEAKERS)
      .map(({ speaker }) => ({
        name: speaker.name,
        ...(speaker.email === undefined ? {} : { email: speaker.email }),
        side: speaker.side,
        ...talkOf(speaker),
      })),
    sides: { internal: talkOf(sides.internal), external: talkOf(sides.external), unknown: talkOf(sides.unknown) },
    longestMonologue: longest ? monologueOf(longest) : null,
  };
}

/** Seconds it takes to say `words` words at `WORDS_PER_MINUTE`. */
function secondsToSay(words: number): number {
  return (words / WORDS_PER_MINUTE) * 60;
}

/** `timed` of `total` words, rounded to 3 decimals: 1 only when all are timed, 0 only when none is. */
function shareOfTimed(timed: number, total: number): number {
  if (total === 0 || timed === 0) return 0;
  if (timed >= total) return 1;
  return Math.min(0.999, Math.max(0.001, round(timed / total, 3)));
}

/** A run's seconds: from its first start to its last end when it has both, else the sum of its timed segments. */
function runSeconds(run: Run): number | null {
  if (run.start !== undefined && run.end !== undefined) return Math.max(0, run.end - run.start);
  return run.timed ? run.seconds : null;
}

function monologueLength(run: Run, basis: Metrics['shareBasis']): number {
  return basis === 'talk_time' ? (runSeconds(run) ?? 0) : run.words;
}

function monologueOf(run: Run): LongestMonologue {
  const seconds = runSeconds(run);
  return {
    speaker: run.speaker ?? UNKNOWN_SPEAKER,
    side: run.side,
    words: run.words,
    seconds: seconds === null ? null : round(seconds, 2),
    ...(run.start === undefined ? {} : { start: round(run.start, 2) }),
  };
}
