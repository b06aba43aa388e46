import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Analysis } from '../transcripts/model/analysis';
import type { Db } from './client';
import { writeIfConditionHolds } from './condition-failed';
import type { TransactItem } from './transact';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import type { TranscriptCursor } from '../schemas/transcript-list-query';

export type TranscriptStatus = 'queued' | 'analysing' | 'analysed' | 'failed';

/** A stored transcript's metadata and analysis; the transcript itself is in S3 (`objectKey`). */
export interface Transcript {
  workspaceId: string;
  callId: string;
  title: string;
  /** Normalised to `toISOString()`'s form, so that it sorts. */
  callStartTime: string;
  url: string;
  participants: string[];
  format: 'array' | 'plaintext';
  /** SHA-256 (hex) of the stored object: what makes a resubmission "the same content". */
  contentHash: string;
  objectKey: string;
  sizeBytes: number;
  status: TranscriptStatus;
  /** Analysis runs started (one per delivery that got to work). */
  attempts: number;
  /** While `analysing`: the queue message (its SQS id) whose run holds it; a retry of that message may take it over. */
  analysisRun?: string;
  createdAt: string;
  updatedAt: string;
  analysedAt?: string;
  analysis?: Analysis;
  failure?: { reason: string; detail: string };
}

/** What the list shows of each transcript: no analysis (an item can be hundreds of KB). */
export type TranscriptSummary = Pick<
  Transcript,
  | 'callId'
  | 'title'
  | 'callStartTime'
  | 'url'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'analysedAt'
  | 'participants'
  | 'format'
  | 'sizeBytes'
>;
const SUMMARY_ATTRIBUTES = [
  'callId',
  'title',
  'callStartTime',
  'url',
  'status',
  'createdAt',
  'updatedAt',
  'analysedAt',
  'participants',
  'format',
  'sizeBytes',
] as const;

/** Records a new transcript; false when the workspace already has one with this call id. */
export async function createTranscript(db: Db, transcript: Transcript): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.transcript(transcript.workspaceId, transcript.callId),
          ...keys.transcriptIndex(transcript.workspaceId, transcript.callStartTime, transcript.callId),
          ...transcript,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getTranscript(db: Db, workspaceId: string, callId: string): Promise<Transcript | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.transcript(workspaceId, callId), ConsistentRead: true }),
  );
  return Item ? toTranscript(Item) : undefined;
}

/** Removes a transcript that was never enqueued (only while still queued with this content). */
export async function deleteQueuedTranscript(db: Db, workspaceId: string, callId: string, contentHash: string): Promise<void> {
  await writeIfConditionHolds(
    db.client.send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.transcript(workspaceId, callId),
        ConditionExpression: '#status = :queued AND contentHash = :hash',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':hash': contentHash },
      }),
    ),
  );
}

/**
 * Marks an analysis run of message `run` as started: `queued` or `failed` (redriven from the
 * dead-letter queue) → `analysing`; `analysing` too when the run holding it is this message's (a
 * retry after an error), or started more than `leaseSeconds` ago (it died with its invocation).
 * False when it is analysed, being analysed by another message's live run (a duplicate), or holds
 * other content.
 */
export async function startTranscriptAnalysis(
  db: Db,
  workspaceId: string,
  callId: string,
  contentHash: string,
  run: { id: string; at: Date; leaseSeconds: number },
): Promise<boolean> {
  const { id, at, leaseSeconds } = run;
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.transcript(workspaceId, callId),
        UpdateExpression: 'SET #status = :analysing, analysisRun = :run, updatedAt = :at ADD attempts :one',
        ConditionExpression:
          'contentHash = :hash AND #status <> :analysed AND (#status <> :analysing OR analysisRun = :run OR updatedAt < :staleBefore)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':analysing': 'analysing',
          ':analysed': 'analysed',
          ':hash': contentHash,
          ':at': at.toISOString(),
          ':staleBefore': new Date(at.getTime() - leaseSeconds * 1000).toISOString(),
          ':run': id,
          ':one': 1,
        },
      }),
    ),
  );
}

/**
 * analysing → analysed, with the analysis, as a transaction item (its event is written with it).
 * Refused once analysed: of two concurrent runs only one saves, and reports.
 */
export function saveTranscriptAnalysisItem(
  db: Db,
  workspaceId: string,
  callId: string,
  contentHash: string,
  analysis: Analysis,
  at: Date,
): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.transcript(workspaceId, callId),
      UpdateExpression: 'SET #status = :analysed, analysis = :analysis, analysedAt = :at, updatedAt = :at REMOVE failure, analysisRun',
      ConditionExpression: 'contentHash = :hash AND #status <> :analysed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':analysed': 'analysed', ':analysis': analysis, ':hash': contentHash, ':at': at.toISOString() },
    },
  };
}

/**
 * Ends an analysis visibly, as a transaction item: status `failed` with a reason (never over a
 * finished analysis, nor twice in a row).
 */
export function failTranscriptAnalysisItem(
  db: Db,
  workspaceId: string,
  callId: string,
  contentHash: string,
  failure: { reason: string; detail: string },
  at: Date,
): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.transcript(workspaceId, callId),
      UpdateExpression: 'SET #status = :failed, failure = :failure, updatedAt = :at REMOVE analysisRun',
      ConditionExpression: 'contentHash = :hash AND NOT #status IN (:analysed, :failed)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'failed',
        ':analysed': 'analysed',
        ':failure': failure,
        ':hash': contentHash,
        ':at': at.toISOString(),
      },
    },
  };
}

/** A workspace's transcripts, newest call first, one page at a time. */
export async function listTranscripts(
  db: Db,
  workspaceId: string,
  limit: number,
  after?: TranscriptCursor,
): Promise<{ items: TranscriptSummary[]; next?: TranscriptCursor }> {
  const index = keys.transcriptIndex(workspaceId, '', '');
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': index.gsi1pk },
      ScanIndexForward: false,
      // One more than asked tells whether there is a next page, without an empty last page.
      Limit: limit + 1,
      ProjectionExpression: SUMMARY_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(SUMMARY_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
      ExclusiveStartKey: after
        ? { ...keys.transcript(workspaceId, after.callId), ...keys.transcriptIndex(workspaceId, after.callStartTime, after.callId) }
        : undefined,
    }),
  );
  const items = (page.Items ?? []).slice(0, limit).map(toTranscriptSummary);
  const last = items.at(-1);
  // More than asked came back, or DynamoDB stopped at its 1 MB page before reaching the limit.
  const more = (page.Items?.length ?? 0) > limit || page.LastEvaluatedKey !== undefined;
  return { items, next: more && last ? { callStartTime: last.callStartTime, callId: last.callId } : undefined };
}

/** Transcripts whose analysis has not ended (local stack restarts: its queue is in memory). */
export function isUnfinishedTranscript(item: Record<string, unknown>): boolean {
  return String(item.sk).startsWith('TRANSCRIPT#') && (item.status === 'queued' || item.status === 'analysing');
}

/** A transcript's summary from its item, read with only SUMMARY_ATTRIBUTES (stored-entity.ts). */
const toTranscriptSummary = entityReader<TranscriptSummary>()(SUMMARY_ATTRIBUTES);

/** A transcript from its item (stored-entity.ts). */
export const toTranscript = entityReader<Transcript>()([
  'workspaceId',
  'callId',
  'title',
  'callStartTime',
  'url',
  'format',
  'participants',
  'sizeBytes',
  'objectKey',
  'contentHash',
  'status',
  'attempts',
  'analysisRun',
  'analysis',
  'failure',
  'analysedAt',
  'createdAt',
  'updatedAt',
]);
