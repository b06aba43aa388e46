/**
 * What a transcript's report page shows, built from the stored transcript, its analysis and the
 * call's segments (normalised from the stored request, as the analysis read them). Pure: the page
 * is a view of the analysis, never a second one. Rendering is report-page.ts'.
 */
import type { Transcript } from '../store/transcripts';
import type { Analysis, ContentIdea, Evidence, IdeaKind, Metrics } from '../transcripts/model/analysis';
import type { Segment, Side } from '../transcripts/text/segment';
import { metricsView } from '../transcripts/transcript-view';
import type { QuoteRange } from './quote-marks';
import { locateQuotes, quoteAnchor } from './quote-marks';
import { recordingLinkAt, recordingTakesTime } from './recording-link';
import type { TimelineModel } from './report-timeline';
import { buildTimeline } from './report-timeline';

/**
 * Most characters of the call's text the page shows: a 5 MiB plaintext call would make a page too
 * large to answer (a Lambda answer is at most 6 MB). A longer call shows its first turns, and says so.
 */
export const MAX_SHOWN_TRANSCRIPT_CHARS = 1_000_000;

/** Talk of a speaker or a side. */
export interface TalkRow {
  name: string;
  side: Side;
  /** 0..1 of the call: of talk time or of words (`TalkModel.basis`). */
  share: number;
  talkSeconds: number | null;
  words: number;
  questions: number;
  turns: number;
}

export interface TalkModel {
  basis: Metrics['shareBasis'];
  /** Internal, external, and unknown when anyone's side is. */
  sides: TalkRow[];
  /** Most talkative first. */
  speakers: TalkRow[];
  /** Internal and external talk as shares of the two together; null when neither side spoke. */
  talkToListen: { internal: number; external: number } | null;
}

export interface EvidenceCard {
  quote: string;
  speaker?: string;
  side: Side;
  timestamp?: string;
  /** The recording at the quote's moment (see recording-link.ts); absent when the URL is not a web link. */
  recordingUrl?: string;
  /** The quote's mark in the transcript, when it is shown there. */
  anchor?: string;
}

export interface IdeaCard {
  rank: number;
  kind: IdeaKind;
  score: number;
  mentions: number;
  hook: string;
  angle: string;
  evidence: EvidenceCard[];
  /** The post drafted from it, when it is among the call's best ideas: its text and what was masked (`Derek → [name]`). */
  draft?: { text: string; masked: string[] };
}

/** A run of a turn's text: plain, or a quote of one or more ideas, highlighted. */
export interface TextPiece {
  text: string;
  mark?: {
    /** The ideas whose quotes it holds: their kinds and ranks, in rank order. */
    ideas: Array<{ kind: IdeaKind; rank: number }>;
    /** The ids of the quotes it holds (`quote-<rank>-<n>`), for links to land on. */
    anchors: string[];
  };
}

/** A speaker's turn: consecutive segments of one named speaker (each unnamed segment is a turn of its own). */
export interface TranscriptTurn {
  speaker?: string;
  side: Side;
  start?: number;
  /** One per segment. */
  paragraphs: TextPiece[][];
}

export type TranscriptModel =
  | {
      available: true;
      turns: TranscriptTurn[];
      /** Set when the call is too long to show whole: the turns shown of all. */
      truncated?: { shownTurns: number; totalTurns: number };
    }
  | { available: false; reason: string };

export interface ReportModel {
  title: string;
  callId: string;
  callStartTime: string;
  participants: string[];
  /** The recording, when its URL is a web link (else it is shown as text, `recordingText`). */
  recordingUrl?: string;
  recordingText: string;
  /** Whether quotes link to their moment in the recording (`#t=`): the call has times, and its URL takes one. */
  recordingSeeks: boolean;
  analysedAt?: string;
  /** Which analyser, in words. */
  analyser: string;
  durationSeconds: number;
  durationSource: Metrics['durationSource'];
  words: number;
  warnings: string[];
  talk: TalkModel;
  /** The longest run of one speaker, as the analysis measured it (its seconds and start when the call has times). */
  longestMonologue: Metrics['longestMonologue'];
  timeline: TimelineModel;
  ideas: IdeaCard[];
  transcript: TranscriptModel;
  /** On a report link's page: until when its link opens it (ISO 8601). */
  linkExpiresAt?: string;
}

const SIDE_NAMES: Record<Side, string> = { internal: 'Internal', external: 'External', unknown: 'Unknown side' };

function talkOf(metrics: Metrics): TalkModel {
  const row = (name: string, side: Side, talk: Metrics['sides']['internal']): TalkRow => ({
    name,
    side,
    share: talk.share,
    talkSeconds: talk.talkSeconds,
    words: talk.words,
    questions: talk.questions,
    turns: talk.turns,
  });
  const sides = (['internal', 'external', 'unknown'] as const)
    .filter((side) => side !== 'unknown' || metrics.sides.unknown.words > 0)
    .map((side) => row(SIDE_NAMES[side], side, metrics.sides[side]));
  const internal = metrics.shareBasis === 'talk_time' ? (metrics.sides.internal.talkSeconds ?? 0) : metrics.sides.internal.words;
  const external = metrics.shareBasis === 'talk_time' ? (metrics.sides.external.talkSeconds ?? 0) : metrics.sides.external.words;
  const both = internal + external;
  return {
    basis: metrics.shareBasis,
    sides,
    speakers: metrics.speakers.map((speaker) => row(speaker.name, speaker.side, speaker)),
    talkToListen: both > 0 ? { internal: internal / both, external: external / both } : null,
  };
}

/**
 * The segments with each listed speaker's side as the analysis decided it: the workspace's email
 * domains may have changed since, and the page shows the analysis, not a new one.
 */
export function withAnalysedSides(segments: readonly Segment[], metrics: Metrics): Segment[] {
  const sides = new Map(metrics.speakers.map((speaker) => [speaker.name, speaker.side]));
  return segments.map((segment) => {
    const side = segment.speaker === undefined ? undefined : sides.get(segment.speaker);
    return side === undefined || side === segment.side ? segment : { ...segment, side };
  });
}

/** A segment's text cut into plain and highlighted pieces; overlapping quotes make one mark. */
function piecesOf(text: string, ranges: readonly QuoteRange[] = []): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  let index = 0;
  while (index < ranges.length) {
    const first = ranges[index] as QuoteRange;
    const group = [first];
    let end = first.to;
    for (index += 1; index < ranges.length && (ranges[index] as QuoteRange).from < end; index += 1) {
      group.push(ranges[index] as QuoteRange);
      end = Math.max(end, (ranges[index] as QuoteRange).to);
    }
    const from = Math.max(first.from, at);
    if (from > at) pieces.push({ text: text.slice(at, from) });
    const ideas = [...new Map(group.map((range) => [range.rank, { kind: range.kind, rank: range.rank }])).values()].sort(
      (a, b) => a.rank - b.rank,
    );
    if (end > from) pieces.push({ text: text.slice(from, end), mark: { ideas, anchors: group.map((range) => range.anchor) } });
    at = Math.max(at, end);
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

function transcriptOf(
  segments: readonly Segment[],
  marks: ReturnType<typeof locateQuotes>,
): { model: TranscriptModel; shown: Set<string> } {
  const turns: TranscriptTurn[] = [];
  const turnOfSegment: number[] = [];
  for (const [index, segment] of segments.entries()) {
    const last = turns.at(-1);
    const pieces = piecesOf(segment.text, marks.bySegment.get(index));
    if (last && segment.speaker !== undefined && last.speaker === segment.speaker) {
      last.paragraphs.push(pieces);
    } else {
      turns.push({
        ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
        side: segment.side,
        ...(segment.start === undefined ? {} : { start: segment.start }),
        paragraphs: [pieces],
      });
    }
    turnOfSegment.push(turns.length - 1);
  }
  // The first turns, up to the characters a page can hold (the first one whole, however long).
  let chars = 0;
  let shownTurns = 0;
  for (const turn of turns) {
    const length = turn.paragraphs.flat().reduce((sum, piece) => sum + piece.text.length, 0);
    if (shownTurns > 0 && chars + length > MAX_SHOWN_TRANSCRIPT_CHARS) break;
    chars += length;
    shownTurns += 1;
  }
  const shown = new Set(
    [...marks.segmentOf].filter(([, segment]) => (turnOfSegment[segment] ?? Infinity) < shownTurns).map(([anchor]) => anchor),
  );
  const model: TranscriptModel =
    shownTurns < turns.length
      ? { available: true, turns: turns.slice(0, shownTurns), truncated: { shownTurns, totalTurns: turns.length } }
      : { available: true, turns };
  return { model, shown };
}

function ideaCardOf(idea: ContentIdea, index: number, url: string, shownAnchors: ReadonlySet<string>): IdeaCard {
  const rank = index + 1;
  return {
    rank,
    kind: idea.kind,
    score: idea.score,
    mentions: idea.mentions,
    hook: idea.hook,
    angle: idea.angle,
    ...(idea.draft ? { draft: { text: idea.draft.text, masked: idea.draft.masked.map((term) => `${term.text} → ${term.as}`) } } : {}),
    evidence: idea.evidence.map((evidence: Evidence, evidenceIndex): EvidenceCard => {
      const anchor = quoteAnchor(rank, evidenceIndex);
      const recordingUrl = evidence.start === undefined ? undefined : recordingLinkAt(url, evidence.start);
      return {
        quote: evidence.quote,
        ...(evidence.speaker === undefined ? {} : { speaker: evidence.speaker }),
        side: evidence.side,
        ...(evidence.timestamp === undefined ? {} : { timestamp: evidence.timestamp }),
        ...(recordingUrl === undefined || !recordingTakesTime(url) ? {} : { recordingUrl }),
        ...(shownAnchors.has(anchor) ? { anchor } : {}),
      };
    }),
  };
}

function analyserName(analysis: Analysis): string {
  const { analyser } = analysis;
  const name = analyser.name === 'embedded' ? `embedded analyser, version ${analyser.version}` : `Amazon Bedrock (${analyser.modelId})`;
  return analysis.fallback ? `${name}: the ${analysis.fallback.from} analyser failed (${analysis.fallback.reason})` : name;
}

const TEXT_UNAVAILABLE = 'The text of this call is no longer stored as it was analysed, so it cannot be shown; its analysis still is.';

/**
 * The report of an analysed transcript. `segments`: the call's, normalised from the stored request
 * as the analysis did; undefined when its content can no longer be read (the page then shows the
 * analysis without the timeline and the text). `linkExpiresAt`: the link's expiry, on its page.
 */
export function buildReportModel(
  transcript: Transcript & { analysis: Analysis },
  segments: readonly Segment[] | undefined,
  linkExpiresAt?: Date,
): ReportModel {
  const { analysis } = transcript;
  const metrics = metricsView(analysis.metrics);
  const sided = segments ? withAnalysedSides(segments, metrics) : undefined;
  const marks = sided ? locateQuotes(sided, analysis.ideas) : undefined;
  const transcriptPart =
    sided && marks
      ? transcriptOf(sided, marks)
      : { model: { available: false as const, reason: TEXT_UNAVAILABLE }, shown: new Set<string>() };
  const recordingUrl = recordingLinkAt(transcript.url, undefined);
  const ideas = analysis.ideas.map((idea, index) => ideaCardOf(idea, index, transcript.url, transcriptPart.shown));
  return {
    title: transcript.title,
    callId: transcript.callId,
    callStartTime: transcript.callStartTime,
    participants: transcript.participants,
    ...(recordingUrl === undefined ? {} : { recordingUrl }),
    recordingText: transcript.url,
    recordingSeeks: ideas.some((idea) => idea.evidence.some((evidence) => evidence.recordingUrl !== undefined)),
    ...(transcript.analysedAt === undefined ? {} : { analysedAt: transcript.analysedAt }),
    analyser: analyserName(analysis),
    durationSeconds: metrics.durationSeconds,
    durationSource: metrics.durationSource,
    words: metrics.words,
    warnings: analysis.warnings ?? [],
    talk: talkOf(metrics),
    longestMonologue: metrics.longestMonologue,
    timeline: buildTimeline(sided, metrics, analysis.ideas, TEXT_UNAVAILABLE),
    ideas,
    transcript: transcriptPart.model,
    ...(linkExpiresAt === undefined ? {} : { linkExpiresAt: linkExpiresAt.toISOString() }),
  };
}
