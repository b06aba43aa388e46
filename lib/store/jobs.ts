import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobRequestOf, JobType } from '../schemas/job-request';
import type { Action } from './actions';
import { listJobActionsPage, toAction } from './actions';
import type { Db } from './client';
import { writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { queryPrefixPage } from './query-all';
import { entityReader } from './stored-entity';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'partially_failed' | 'failed' | 'rejected' | 'expired' | 'cancelled';
export const jobStatuses = [
  'queued',
  'running',
  'succeeded',
  'partially_failed',
  'failed',
  'rejected',
  'expired',
  'cancelled',
] as const satisfies readonly JobStatus[];
export type FinalJobStatus = Exclude<JobStatus, 'queued' | 'running'>;
export const finalJobStatuses: readonly FinalJobStatus[] = ['succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled'];
const finalJobStatusSet: ReadonlySet<JobStatus> = new Set(finalJobStatuses);

/** True when a job in this status has ended. */
export function isFinalJobStatus(status: JobStatus): status is FinalJobStatus {
  return finalJobStatusSet.has(status);
}

/** What every job has, whatever its type. */
interface JobFields {
  workspaceId: string;
  jobId: string;
  status: JobStatus;
  /**
   * The accounts that act, when the request named them (a DM, an invitation, a commentor), or once
   * a planner has read a group job's of one part; a bigger group job's are on its plan's parts
   * (job-plans.ts), so the item never grows with the job.
   */
  accountIds?: string[];
  /** How many parts its planning took, and which are planned (job-plans.ts); set by the planner. */
  planParts?: number;
  plannedParts?: Set<number>;
  /** Its accounts; from a group, the count at the request, then what the planner found. */
  total: number;
  succeeded: number;
  failed: number;
  /** Actions whose approval was refused, or whose wait (approval, acceptance) ran out; absent until one is. */
  rejected?: number;
  expired?: number;
  /** Actions stopped before they acted: the job was cancelled, or their account removed; absent until one is. */
  cancelled?: number;
  /** Things the caller should know about how the request was read (e.g. a `commentor` not used). */
  warnings?: string[];
  /** Actions not yet final; the job ends when it reaches 0. */
  remaining: number;
  createdAt: string;
  updatedAt: string;
  plannedAt?: string;
  finishedAt?: string;
  /** Why the job failed as a whole (e.g. an unreadable queue message), when it did. */
  failureReason?: string;
  /** When the caller cancelled it (`POST /jobs/{jobId}/cancel`). */
  cancelledAt?: string;
  expiresAt: number;
}

/**
 * One accepted request: planned into one action per account by the jobs worker. `type` says which
 * request it keeps (lib/schemas/job-request.ts), so checking `job.type` types `job.request`.
 * `Job<'dm'>` is a DM's job; `Job` is any job.
 */
export type Job<T extends JobType = JobType> = { [K in T]: JobFields & JobRequestOf<K> }[T];

/** A job from its item (stored-entity.ts). */
export const toJob = entityReader<Job>()([
  'workspaceId',
  'jobId',
  'type',
  'request',
  'status',
  'accountIds',
  'planParts',
  'plannedParts',
  'total',
  'succeeded',
  'failed',
  'rejected',
  'expired',
  'cancelled',
  'warnings',
  'remaining',
  'createdAt',
  'updatedAt',
  'plannedAt',
  'finishedAt',
  'failureReason',
  'cancelledAt',
  'expiresAt',
]);

/**
 * Shards of the queued-jobs index: every job creation writes an entry and every plan removes it,
 * so one index key would cap the rate of job creation at what one index partition takes (about
 * 1,000 writes a second); 8 keys take 8 times that. The sweep reads each shard.
 */
export const QUEUED_JOB_SHARDS = 8;

/** The shard of a job's queued-index entry: a hash of its id (FNV-1a), so it is found again from the id. */
export function queuedJobShard(jobId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < jobId.length; i++) hash = Math.imul(hash ^ jobId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % QUEUED_JOB_SHARDS;
}

export function queuedIndexOf(job: Pick<Job, 'workspaceId' | 'jobId' | 'createdAt'>) {
  return keys.queuedJobIndex(queuedJobShard(job.jobId), job.createdAt, job.workspaceId, job.jobId);
}

/**
 * Writes a new job; a queued one gets its queued-index entry (the sweep's way to find it if nobody
 * ever takes it). Refused when the job exists, unless it failed for one of `replacing`: reasons of
 * a job its request never started nor announced, which a retry of that request may write again.
 */
export async function createJob(db: Db, job: Job, { replacing = [] }: { replacing?: string[] } = {}): Promise<void> {
  const reasons = Object.fromEntries(replacing.map((reason, index) => [`:reason${index}`, reason]));
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.job(job.workspaceId, job.jobId),
        ...keys.jobListIndex(job.workspaceId, job.createdAt, job.jobId),
        ...(job.status === 'queued' ? queuedIndexOf(job) : {}),
        ...job,
      },
      ...(replacing.length
        ? {
            ConditionExpression: `attribute_not_exists(pk) OR (#status = :failed AND failureReason IN (${Object.keys(reasons).join(', ')}))`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':failed': 'failed', ...reasons },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    }),
  );
}

/** Removes a job that was never enqueued, so that no job is left queued forever. */
export async function deleteJob(db: Db, workspaceId: string, jobId: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: keys.job(workspaceId, jobId) }));
}

export async function getJob(db: Db, workspaceId: string, jobId: string): Promise<Job | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.job(workspaceId, jobId), ConsistentRead: true }));
  return Item && toJob(Item);
}

/**
 * The job, and whether it still waits for a planner to take it: queued, with its queued-index entry
 * (a planner removes it as it takes the job, so its message reached one).
 */
export async function getJobAndUntaken(db: Db, workspaceId: string, jobId: string): Promise<{ job: Job; untaken: boolean } | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.job(workspaceId, jobId), ConsistentRead: true }));
  if (!Item) return undefined;
  return { job: toJob(Item), untaken: Item.status === 'queued' && Item.gsi1pk !== undefined };
}

/**
 * The job and a page of its actions (by account id), read in one query for the first page (the job
 * sorts before its actions) and with the job's own read beside it for the next ones; `next` is the
 * account of the page's last action while more may follow.
 */
export async function getJobPage(
  db: Db,
  workspaceId: string,
  jobId: string,
  limit: number,
  afterAccountId?: string,
): Promise<{ job: Job; actions: Action[]; next?: string } | undefined> {
  const { pk, sk } = keys.job(workspaceId, jobId);
  if (afterAccountId !== undefined) {
    const [found, page] = await Promise.all([
      db.client.send(new GetCommand({ TableName: db.table, Key: { pk, sk }, ConsistentRead: true })),
      listJobActionsPage(db, workspaceId, jobId, limit, afterAccountId),
    ]);
    return found.Item && { job: toJob(found.Item), ...page };
  }
  // The job sorts before its actions: one more item than the page.
  const { items, more } = await queryPrefixPage(db, pk, sk, limit + 1);
  const jobItem = items.find((entry) => entry.sk === sk);
  if (!jobItem) return undefined;
  const actions = items.filter((entry) => entry.sk !== sk).map(toAction);
  return { job: toJob(jobItem), actions, next: more ? actions.at(-1)?.accountId : undefined };
}

/**
 * A planner takes a queued job before it creates anything: its queued-index entry goes, so the
 * sweep can no longer fail it; the job as stored, or undefined when it is missing or no longer
 * `queued` (planned already, or failed by the sweep: then nothing of it may start). A redelivered
 * message of a plan interrupted half-way takes it again (the job is still queued).
 */
export async function takeQueuedJob(db: Db, workspaceId: string, jobId: string): Promise<Job | undefined> {
  const item = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(workspaceId, jobId),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued' },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return item && toJob(item);
}

/**
 * queued → running once its actions exist (its queued-index entry went when `takeQueuedJob` took
 * it): the job as it now is, or undefined when it was already planned.
 */
export async function markJobPlanned(db: Db, workspaceId: string, jobId: string, at: Date): Promise<Job | undefined> {
  const item = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(workspaceId, jobId),
        UpdateExpression: 'SET #status = :running, plannedAt = :at, updatedAt = :at',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':at': at.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return item && toJob(item);
}
