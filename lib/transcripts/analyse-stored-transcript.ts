import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { logger } from '../log';
import { recordTranscriptAnalysis } from '../metrics';
import type { AnalyseTranscriptMessage } from '../queue/messages';
import { LAST_DELIVERY } from '../queue/sqs-worker';
import type { TranscriptRequest } from '../schemas/transcript';
import type { Db } from '../store/client';
import { readTranscriptObject, sha256Hex } from '../store/transcript-objects';
import type { Transcript } from '../store/transcripts';
import { failTranscriptAnalysisItem, getTranscript, saveTranscriptAnalysisItem, startTranscriptAnalysis } from '../store/transcripts';
import type { EventDeps } from '../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../webhooks/emit-event';
import { transcriptEventData } from '../webhooks/event-data';
import { getWorkspace } from '../store/workspaces';
import type { IdeasAnalyser } from './analyse-content';
import { analyseContent } from './analyse-content';
import { callThemes } from '../insights/call-themes';
import { countCallThemesItems, keepThemeQuotes } from '../store/insights';

/**
 * How long a started analysis keeps other messages' runs from starting: longer than the transcripts
 * worker's timeout (120 s, serverless.yml), so a run still going is never doubled by a duplicate
 * message; its own message's retry takes it over at any time.
 */
export const ANALYSIS_LEASE_SECONDS = 150;

export interface AnalyseTranscriptDeps extends EventDeps {
  db: Db;
  s3: S3Client;
  bucket: string;
  analyser: IdeasAnalyser;
}

/**
 * Transcripts worker: analyses one stored transcript. A duplicate delivery finds it analysed and
 * does nothing. Content that is gone or not what was stored (its SHA-256 differs) ends the
 * transcript `failed` at once; any other error is retried by the queue, and on the last delivery
 * the transcript is marked `failed` before the message goes to the dead-letter queue (from where a
 * redrive may still analyse it).
 */
export async function analyseStoredTranscript(
  deps: AnalyseTranscriptDeps,
  message: AnalyseTranscriptMessage,
  receiveCount = 1,
  messageId: string = randomUUID(),
): Promise<void> {
  const { workspaceId, callId, contentHash } = message;
  const transcript = await getTranscript(deps.db, workspaceId, callId);
  if (!transcript || transcript.contentHash !== contentHash) {
    logger.warn('no such transcript; dropping the message', { workspaceId, callId });
    return;
  }
  if (
    !(await startTranscriptAnalysis(deps.db, workspaceId, callId, contentHash, {
      id: messageId,
      at: new Date(),
      leaseSeconds: ANALYSIS_LEASE_SECONDS,
    }))
  ) {
    logger.info('transcript analysed or being analysed; dropping the message', { workspaceId, callId });
    return;
  }

  const fail = (reason: string, detail: string) => failTranscript(deps, transcript, { reason, detail });
  try {
    const content = await readTranscriptObject(deps.s3, deps.bucket, message.objectKey);
    if (!content) {
      logger.error('stored transcript content is missing', { workspaceId, callId, objectKey: message.objectKey });
      return await fail('content_missing', 'The stored transcript could not be found; submit it again with a new call_id.');
    }
    if (sha256Hex(content) !== contentHash) {
      logger.error('stored transcript content does not match its hash', { workspaceId, callId, objectKey: message.objectKey });
      return await fail('integrity_check_failed', 'The stored transcript is not the one that was submitted; it was not analysed.');
    }
    // Written by acceptTranscript from a validated request, and checked by its hash just now.
    const request = JSON.parse(content.toString('utf8')) as TranscriptRequest;
    const workspace = await getWorkspace(deps.db, workspaceId);
    const started = performance.now();
    const analysis = await analyseContent(request, workspace?.settings.emailDomains ?? [], deps.analyser);
    const analysisMs = performance.now() - started;
    const at = new Date();
    // A redrive analyses a transcript that had failed: the event tells of no earlier failure (the save removes it).
    const analysed: Transcript = { ...transcript, status: 'analysed', analysis, failure: undefined };
    const event = await prepareEvent(
      deps.db,
      workspaceId,
      'transcript.analysed',
      transcriptEventData(analysed, deps.publicBaseUrl ?? ''),
      at,
    );
    // The call's themes are counted with its analysis (lib/insights): once, and never one without the other.
    const themes = callThemes(analysis);
    const call = { callId, title: transcript.title, day: transcript.callStartTime.slice(0, 10) };
    await commitWithEvents(
      deps,
      [
        saveTranscriptAnalysisItem(deps.db, workspaceId, callId, contentHash, analysis, at),
        ...countCallThemesItems(deps.db, workspaceId, call.day, themes),
      ],
      [event],
    );
    recordTranscriptAnalysis(analysisMs, analysis.metrics.words);
    await keepThemeQuotes(deps.db, workspaceId, call, themes).catch((error: unknown) =>
      logger.warn("a theme's quote was not kept; its count was", { workspaceId, callId, error: error as Error }),
    );
  } catch (error) {
    if (receiveCount >= LAST_DELIVERY) {
      logger.error('transcript analysis failed on its last delivery', { workspaceId, callId, error: error as Error });
      await fail('internal_error', 'The transcript could not be analysed because of an internal error.');
    }
    throw error;
  }
}

/**
 * For a queue message that cannot be read: if it still names a transcript, that transcript ends
 * `failed` (reason `unreadable_message`) instead of waiting forever; the message goes to the DLQ.
 */
export async function failTranscriptOfUnreadableMessage(deps: EventDeps, raw: unknown): Promise<void> {
  if (typeof raw !== 'object' || raw === null) return;
  const { workspaceId, callId } = raw as Record<string, unknown>;
  if (typeof workspaceId !== 'string' || typeof callId !== 'string' || !workspaceId || !callId) return;
  const transcript = await getTranscript(deps.db, workspaceId, callId);
  if (!transcript) return;
  await failTranscript(deps, transcript, {
    reason: 'unreadable_message',
    detail: 'The analysis request could not be read; the transcript was not analysed.',
  });
}

/** Ends a transcript's analysis `failed`, with its `transcript.failed` event (once: not over a finished or failed one). */
async function failTranscript(deps: EventDeps, transcript: Transcript, failure: { reason: string; detail: string }): Promise<void> {
  const at = new Date();
  const failed: Transcript = { ...transcript, status: 'failed', failure };
  const event = await prepareEvent(
    deps.db,
    transcript.workspaceId,
    'transcript.failed',
    transcriptEventData(failed, deps.publicBaseUrl ?? ''),
    at,
  );
  await commitWithEvents(
    deps,
    [failTranscriptAnalysisItem(deps.db, transcript.workspaceId, transcript.callId, transcript.contentHash, failure, at)],
    [event],
  );
}
