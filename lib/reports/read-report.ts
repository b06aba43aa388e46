/**
 * The report of a stored, analysed transcript: its record (with the analysis) is the caller's, read
 * first; this reads the call's content back from S3 and normalises it as the analysis did (the
 * workspace's email domains deciding sides), to show its text and timeline. Nothing is analysed
 * again: ideas, metrics and sides are the stored analysis'.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { ConflictError } from '../errors';
import { logger } from '../log';
import type { TranscriptRequest } from '../schemas/transcript';
import type { Db } from '../store/client';
import { readTranscriptObject, sha256Hex } from '../store/transcript-objects';
import type { Transcript } from '../store/transcripts';
import { getWorkspace } from '../store/workspaces';
import type { Analysis } from '../transcripts/model/analysis';
import { normaliseTranscript } from '../transcripts/normalise-transcript';
import type { Segment } from '../transcripts/text/segment';
import type { ReportModel } from './report-model';
import { buildReportModel } from './report-model';

export interface ReportDeps {
  db: Db;
  s3: S3Client;
  /** TRANSCRIPTS_BUCKET. */
  bucket: string;
}

/** A transcript that has its analysis: the only kind with a report. */
export type AnalysedTranscript = Transcript & { analysis: Analysis };

/** The transcript, when analysed; a 409 (`transcript-not-analysed`) saying its status otherwise. */
export function requireAnalysed(transcript: Transcript): AnalysedTranscript {
  if (transcript.status === 'analysed' && transcript.analysis) return transcript as AnalysedTranscript;
  const why =
    transcript.status === 'failed'
      ? 'its analysis failed, so it has no report'
      : `it is ${transcript.status}: its report exists once it is analysed (a few seconds for most calls)`;
  throw new ConflictError('transcript-not-analysed', `Transcript ${JSON.stringify(transcript.callId)} has no report: ${why}.`);
}

/**
 * The call's segments, as the analysis read them; undefined when its stored content is gone or is
 * not what was analysed (its SHA-256 differs): the report then shows the analysis alone.
 */
async function segmentsOf(deps: ReportDeps, transcript: Transcript): Promise<Segment[] | undefined> {
  // At once: the workspace's email domains (sides, as the analysis decided them) and the content.
  const [workspace, content] = await Promise.all([
    getWorkspace(deps.db, transcript.workspaceId),
    readTranscriptObject(deps.s3, deps.bucket, transcript.objectKey),
  ]);
  const where = { workspaceId: transcript.workspaceId, callId: transcript.callId, objectKey: transcript.objectKey };
  if (!content) {
    logger.warn('report: the stored transcript content is missing; showing the analysis alone', where);
    return undefined;
  }
  if (sha256Hex(content) !== transcript.contentHash) {
    logger.error('report: the stored transcript content does not match its hash; showing the analysis alone', where);
    return undefined;
  }
  // Written by acceptTranscript from a validated request, and checked by its hash just now.
  const request = JSON.parse(content.toString('utf8')) as TranscriptRequest;
  return normaliseTranscript(request, workspace?.settings.emailDomains ?? []);
}

/** The report of an analysed transcript; `linkExpiresAt` when it is shown through a report link. */
export async function readReport(deps: ReportDeps, transcript: AnalysedTranscript, linkExpiresAt?: Date): Promise<ReportModel> {
  return buildReportModel(transcript, await segmentsOf(deps, transcript), linkExpiresAt);
}
