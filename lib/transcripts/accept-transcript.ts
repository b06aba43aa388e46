import type { S3Client } from '@aws-sdk/client-s3';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { ConflictError, DependencyUnavailableError } from '../errors';
import { logger } from '../log';
import type { AnalyseTranscriptMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import type { TranscriptRequest } from '../schemas/transcript';
import type { Db } from '../store/client';
import { deleteTranscriptObject, putTranscriptObject, sha256Hex, transcriptObjectKey } from '../store/transcript-objects';
import type { Transcript } from '../store/transcripts';
import { createTranscript, deleteQueuedTranscript, getTranscript } from '../store/transcripts';
import { transcriptView } from './transcript-view';
import { requestWarnings } from './request-warnings';

/**
 * What became of a transcript sent: `accepted`, recorded now and queued for analysis; `existing`,
 * the workspace already had this call with the same content (a resend), shown as it now is.
 */
export interface AcceptedTranscript {
  outcome: 'accepted' | 'existing';
  view: ReturnType<typeof transcriptView>;
}

export interface AcceptTranscriptDeps {
  db: Db;
  s3: S3Client;
  sqs: SQSClient;
  bucket: string;
  queueUrl: string;
}

/** The answer to a call id the workspace already has: the transcript (same content) or a 409. */
function answerExisting(existing: Transcript, contentHash: string, warnings: readonly string[]): AcceptedTranscript {
  if (existing.contentHash !== contentHash) {
    throw new ConflictError(
      'transcript-exists',
      `call_id ${JSON.stringify(existing.callId)} already holds a different transcript (added ${existing.createdAt}); a call id names one call, so send this one with another call_id.`,
    );
  }
  return { outcome: 'existing', view: transcriptView(existing, warnings) };
}

/**
 * A resend of a call id the workspace has: the transcript (same content) or a 409. The same content
 * of a transcript still `queued` is queued again: its message may never have gone out (an enqueue
 * and the record's removal that both failed, a request cut off), and a resend is how its caller, told
 * to retry, gets it analysed. A duplicate message is harmless: the worker starts one analysis at a
 * time (`startTranscriptAnalysis`) and drops a message that finds it analysed.
 */
async function answerResend(
  deps: AcceptTranscriptDeps,
  existing: Transcript,
  contentHash: string,
  warnings: readonly string[],
): Promise<AcceptedTranscript> {
  const answer = answerExisting(existing, contentHash, warnings);
  if (existing.status !== 'queued') return answer;
  try {
    await enqueueAnalysis(deps, existing);
  } catch (error) {
    throw new DependencyUnavailableError('The transcript could not be queued for analysis again; it is kept. Retry later.', 5, error);
  }
  return answer;
}

async function enqueueAnalysis(deps: AcceptTranscriptDeps, transcript: Transcript): Promise<void> {
  const { workspaceId, callId, objectKey, contentHash } = transcript;
  const message: AnalyseTranscriptMessage = { v: 1, workspaceId, callId, objectKey, contentHash };
  await sendMessage(deps.sqs, 'transcripts', deps.queueUrl, { body: message });
}

/**
 * Writes the record: undefined if written, else the record the workspace has of this call id
 * (perhaps this one, written by an attempt whose answer was lost). Should the write fail, removes
 * the content it would have named if no record names it.
 */
async function recordTranscript(deps: AcceptTranscriptDeps, transcript: Transcript): Promise<Transcript | undefined> {
  let written: boolean;
  try {
    written = await createTranscript(deps.db, transcript);
  } catch (error) {
    // An attempt may have landed before the error: only content that no record names is removed.
    const landed = await getTranscript(deps.db, transcript.workspaceId, transcript.callId).catch(() => 'unknown' as const);
    if (landed === undefined) {
      await deleteTranscriptObject(deps.s3, deps.bucket, transcript.objectKey).catch((cleanup: unknown) =>
        logger.warn('could not remove the content of an unrecorded transcript', { callId: transcript.callId, error: cleanup as Error }),
      );
    } else if (landed !== 'unknown') {
      return landed;
    }
    throw error;
  }
  if (written) return undefined;
  const existing = await getTranscript(deps.db, transcript.workspaceId, transcript.callId);
  // Refused, then gone (removed by a request whose enqueue failed): the caller retries.
  if (!existing) throw new DependencyUnavailableError('The transcript could not be recorded; retry.', 1);
  return existing;
}

/**
 * Stores a validated transcript and queues its analysis: the content to S3 (keyed by workspace,
 * call id and hash), the metadata to DynamoDB, and a message that refers to the object (claim
 * check). A call id is unique in its workspace (the record's Put is conditional): the same content
 * again is `existing`, with the transcript as it now is (queued again while it is `queued`), other
 * content a 409, its object removed again. If the enqueue fails, the record is removed again and the
 * caller gets a 503, so no transcript waits `queued` for nothing; should the removal fail too, the
 * 503 says it is kept, and the caller's resend queues it. Both outcomes carry the `warnings` told
 * from the request (`requestWarnings`), as well as those of the analysis once there is one.
 */
export async function acceptTranscript(
  deps: AcceptTranscriptDeps,
  workspaceId: string,
  request: TranscriptRequest,
  now: Date,
): Promise<AcceptedTranscript> {
  const warnings = requestWarnings(request);
  // The validated request, in the schema's key order: the same content always has the same bytes.
  const content = Buffer.from(JSON.stringify(request));
  const contentHash = sha256Hex(content);
  // No read first: the record's conditional Put finds a call id the workspace has. The object's key
  // holds the content hash, so a resend of the same content rewrites the same bytes in place.
  const objectKey = transcriptObjectKey(workspaceId, request.call_id, contentHash);
  await putTranscriptObject(deps.s3, deps.bucket, objectKey, content, contentHash);
  const at = now.toISOString();
  const transcript: Transcript = {
    workspaceId,
    callId: request.call_id,
    title: request.title,
    callStartTime: request.call_start_time,
    url: request.url,
    participants: request.participants,
    format: request.format,
    contentHash,
    objectKey,
    sizeBytes: content.length,
    status: 'queued',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
  };
  const existing = await recordTranscript(deps, transcript);
  if (existing) {
    // The workspace has this call id: sent before, by another request at the same moment, or by an attempt of ours whose answer was lost.
    const ours = existing.contentHash === contentHash && existing.createdAt === at;
    if (!ours) {
      // Other content (the 409): no record names the object just written, so it goes.
      if (existing.contentHash !== contentHash) {
        await deleteTranscriptObject(deps.s3, deps.bucket, objectKey).catch((cleanup: unknown) =>
          logger.warn('could not remove the content of a refused transcript', { callId: transcript.callId, error: cleanup as Error }),
        );
      }
      return answerResend(deps, existing, contentHash, warnings);
    }
    // This request's own record (an attempt landed, its answer lost): it still needs its message.
  }

  try {
    await enqueueAnalysis(deps, transcript);
  } catch (error) {
    logger.warn('enqueue failed; removing the transcript', { callId: transcript.callId, error: error as Error });
    const removed = await deleteQueuedTranscript(deps.db, workspaceId, transcript.callId, contentHash).then(
      () => true,
      (cleanup: unknown) => {
        logger.error('could not remove an unqueued transcript; a resend queues it', { callId: transcript.callId, error: cleanup as Error });
        return false;
      },
    );
    const kept = removed ? 'nothing was kept' : 'it is kept, and sending it again queues it';
    throw new DependencyUnavailableError(`The transcript could not be queued for analysis; ${kept}. Retry later.`, 5, error);
  }
  return { outcome: 'accepted', view: transcriptView(transcript, warnings) };
}
