import { NotFoundError } from '../errors';
import { transcriptLocation } from '../http/links';
import { isCallId } from '../schemas/transcript-limits';
import type { Db } from '../store/client';
import type { Transcript, TranscriptSummary } from '../store/transcripts';
import { getTranscript } from '../store/transcripts';
import { transcriptViewQuerySchema, type IdeaSelection } from '../schemas/transcript-view-query';
import { validateQuery } from '../schemas/validate';
import { selectBestIdeas } from './ideas/best-ideas';
import type { Analysis, ContentIdea, Metrics } from './model/analysis';

/** A transcript as the list shows it: metadata and status. */
export function transcriptSummaryView(transcript: TranscriptSummary) {
  return {
    callId: transcript.callId,
    title: transcript.title,
    callStartTime: transcript.callStartTime,
    url: transcript.url,
    participants: transcript.participants,
    format: transcript.format,
    status: transcript.status,
    sizeBytes: transcript.sizeBytes,
    submittedAt: transcript.createdAt,
    updatedAt: transcript.updatedAt,
    ...(transcript.analysedAt ? { analysedAt: transcript.analysedAt } : {}),
    links: { self: transcriptLocation(transcript.callId) },
  };
}

/**
 * The metrics as stored, with `timedShare` for an analysis made before it was measured (embedded
 * analyser version 1): that one told no partial timing apart, so it was all timed or not at all.
 */
export function metricsView(metrics: Metrics): Metrics {
  if ((metrics as Partial<Metrics>).timedShare !== undefined) return metrics;
  return { ...metrics, timedShare: metrics.durationSource === 'timestamps' ? 1 : 0 };
}

/** An idea as a view lists it: with its id, `idea-` and its place among all the call's ideas (from 1). */
export type IdeaView = ContentIdea & { id: string };

/** The id of the idea at `index` of a call's stored ideas. */
export const ideaId = (index: number) => `idea-${index + 1}`;

/** The idea of a call an id names; undefined for an id the analysis does not have. */
export function ideaById(analysis: Analysis, id: string): ContentIdea | undefined {
  const match = /^idea-([1-9]\d{0,2})$/.exec(id);
  return match ? analysis.ideas[Number(match[1]) - 1] : undefined;
}

/**
 * The ideas a view lists: the best (the post material, as chosen when analysed, or chosen now for
 * an analysis made before), or all; and the next steps apart, for the sales team, either way.
 */
function ideasView(analysis: Analysis, selection: IdeaSelection) {
  const withId = (index: number): IdeaView => ({ id: ideaId(index), ...(analysis.ideas[index] as ContentIdea) });
  const positions = analysis.ideas.map((_idea, index) => index);
  const shown = selection === 'all' ? positions : (analysis.best ?? selectBestIdeas(analysis.ideas));
  return {
    ideasShown: selection,
    ideaCount: analysis.ideas.length,
    ideas: shown.map(withId),
    nextSteps: positions.filter((index) => analysis.ideas[index]?.kind === 'next_step').map(withId),
  };
}

/** Links a transcript's view may add to `self`: its report page's (`GET` gives it once analysed). */
export interface TranscriptLinks {
  report?: string;
}

/**
 * A transcript as `GET /api/v1/transcript/{call_id}` shows it: with its analysis or failure, once
 * it has one. `warnings` are those of its analysis, after `requestWarnings` (the add endpoint's,
 * told from the request it answers), each once.
 */
export function transcriptView(
  transcript: Transcript,
  requestWarnings: readonly string[] = [],
  links: TranscriptLinks = {},
  selection: IdeaSelection = 'best',
) {
  const { analysis, failure } = transcript;
  const warnings = [...new Set([...requestWarnings, ...(analysis?.warnings ?? [])])];
  const summary = transcriptSummaryView(transcript);
  return {
    ...summary,
    links: { ...summary.links, ...(links.report === undefined ? {} : { report: links.report }) },
    ...(failure && transcript.status === 'failed' ? { failure } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(analysis
      ? {
          analyser: analysis.analyser,
          ...(analysis.fallback ? { fallback: analysis.fallback } : {}),
          metrics: metricsView(analysis.metrics),
          ...ideasView(analysis, selection),
        }
      : {}),
  };
}

/** The workspace's transcript of a call (the path's call id, as sent); 404 for one it does not have (or another workspace has). */
export async function requireTranscript(db: Db, workspaceId: string, pathCallId: string): Promise<Transcript> {
  // Call ids hold no `%`: one still there was percent-encoded by the caller (`:` `@` `+` `=` may be).
  let callId = pathCallId;
  try {
    callId = decodeURIComponent(pathCallId);
  } catch {
    // Not valid percent-encoding: left as it is, and refused below.
  }
  // Made only when thrown: an Error captures a stack trace, a cost every found transcript would pay.
  const notFound = () => new NotFoundError(`No transcript with call_id ${JSON.stringify(callId.slice(0, 128))} in this workspace.`);
  if (!isCallId(callId)) throw notFound();
  const transcript = await getTranscript(db, workspaceId, callId);
  if (!transcript) throw notFound();
  return transcript;
}

/**
 * The workspace's transcript of a call, as `GET /api/v1/transcript/{call_id}` shows it, with its
 * best ideas or all (the query's `ideas`); 404 for a call id it does not have. `reportLink` gives
 * the link of its report page (lib/reports), if any.
 */
export async function getTranscriptView(
  db: Db,
  workspaceId: string,
  pathCallId: string,
  reportLink: (transcript: Transcript) => string | undefined = () => undefined,
  query: Record<string, string | undefined> = {},
) {
  const { ideas: selection = 'best' } = validateQuery(transcriptViewQuerySchema, query);
  const transcript = await requireTranscript(db, workspaceId, pathCallId);
  return transcriptView(transcript, [], { report: reportLink(transcript) }, selection);
}
