import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { JobRequestOf, JobType } from '../schemas/job-request';
import type { Action } from './actions';
import { listJobActionsPage, toAction } from './actions';
import type { Db } from './client';
import { writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import type { TransactItem } from './transact';
import { keys, withoutKeys } from './keys';
import { queryPrefixPage } from './query-all';

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
export const finalJobStatuses: readonly JobStatus[] = ['succeeded', 'partially_failed', 'failed', 'rejected', 'expired', 'cancelled'];

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

function queuedIndexOf(job: Pick<Job, 'workspaceId' | 'jobId' | 'createdAt'>) {
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
  return Item && (withoutKeys(Item) as unknown as Job);
}

/**
 * The job, and whether it still waits for a planner to take it: queued, with its queued-index entry
 * (a planner removes it as it takes the job, so its message reached one).
 */
export async function getJobAndUntaken(db: Db, workspaceId: string, jobId: string): Promise<{ job: Job; untaken: boolean } | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.job(workspaceId, jobId), ConsistentRead: true }));
  if (!Item) return undefined;
  return { job: withoutKeys(Item) as unknown as Job, untaken: Item.status === 'queued' && Item.gsi1pk !== undefined };
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
    return found.Item && { job: withoutKeys(found.Item) as unknown as Job, ...page };
  }
  // The job sorts before its actions: one more item than the page.
  const { items, more } = await queryPrefixPage(db, pk, sk, limit + 1);
  const jobItem = items.find((entry) => entry.sk === sk);
  if (!jobItem) return undefined;
  const actions = items.filter((entry) => entry.sk !== sk).map(toAction);
  return { job: withoutKeys(jobItem) as unknown as Job, actions, next: more ? actions.at(-1)?.accountId : undefined };
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
  return item && (withoutKeys(item) as unknown as Job);
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
  return item && (withoutKeys(item) as unknown as Job);
}

/**
 * The transaction item that ends a job failed as a whole (out of the queued index too), unless it
 * already ended; with `untakenOnly`, only while it is queued and no planner has taken it.
 */
export function failJobItem(
  db: Db,
  workspaceId: string,
  jobId: string,
  reason: string,
  at: Date,
  options: { untakenOnly?: boolean } = {},
): TransactItem {
  const values: Record<string, unknown> = { ':failed': 'failed', ':reason': reason, ':at': at.toISOString() };
  let condition: string;
  if (options.untakenOnly) {
    condition = '#status = :queued AND attribute_exists(gsi1pk)';
    values[':queued'] = 'queued';
  } else {
    condition = `attribute_exists(pk) AND NOT #status IN (${finalJobStatuses.map((_, i) => `:final${i}`).join(', ')})`;
    for (const [i, status] of finalJobStatuses.entries()) values[`:final${i}`] = status;
  }
  return {
    Update: {
      TableName: db.table,
      Key: keys.job(workspaceId, jobId),
      UpdateExpression: 'SET #status = :failed, failureReason = :reason, finishedAt = :at, updatedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Ends a job failed as a whole, alone (`failJobItem` as one conditional write, not a transaction):
 * false when its condition refused it (it already ended; with `untakenOnly`, a planner took it).
 */
export function failJob(
  db: Db,
  workspaceId: string,
  jobId: string,
  reason: string,
  at: Date,
  options: { untakenOnly?: boolean } = {},
): Promise<boolean> {
  const { Update } = failJobItem(db, workspaceId, jobId, reason, at, options);
  return writeIfConditionHolds(db.client.send(new UpdateCommand(Update!)));
}

/**
 * Queued jobs no planner has taken, created before `createdBefore`, the oldest first in each
 * shard and at most `perShard` of each (the next sweep reads on): a bounded read, never a scan.
 */
export async function listUntakenQueuedJobs(db: Db, createdBefore: Date, perShard: number): Promise<Job[]> {
  const pages = await Promise.all(
    Array.from({ length: QUEUED_JOB_SHARDS }, (_, shard) =>
      db.client.send(
        new QueryCommand({
          TableName: db.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
          ExpressionAttributeValues: { ':p': keys.queuedJobIndex(shard, '', '', '').gsi1pk, ':before': createdBefore.toISOString() },
          Limit: perShard,
        }),
      ),
    ),
  );
  return pages.flatMap(({ Items = [] }) => Items.map((item) => withoutKeys(item) as unknown as Job));
}

/** How many of the job's actions ended, and how (0 for a counter no action has added to yet). */
export function endedCounts(job: Pick<Job, 'total' | 'succeeded' | 'failed' | 'rejected' | 'expired' | 'cancelled'>) {
  return {
    total: job.total,
    succeeded: job.succeeded,
    failed: job.failed,
    rejected: job.rejected ?? 0,
    expired: job.expired ?? 0,
    cancelled: job.cancelled ?? 0,
  };
}

/**
 * The status a job ends in, from its counters: `succeeded` when nothing failed or expired (a
 * rejection is a person's decision, and a cancellation the workspace's, not failures) and something
 * succeeded; `rejected` / `expired` / `cancelled` when every action was; `failed` when nothing
 * succeeded; `partially_failed` otherwise.
 */
export function finalStatusOf(job: Pick<Job, 'total' | 'succeeded' | 'failed' | 'rejected' | 'expired' | 'cancelled'>): JobStatus {
  const rejected = job.rejected ?? 0;
  const expired = job.expired ?? 0;
  // Every action stopped before it acted (their accounts were removed): nothing was tried.
  if ((job.cancelled ?? 0) === job.total && job.total > 0) return 'cancelled';
  if (job.failed === 0 && expired === 0 && job.succeeded > 0) return 'succeeded';
  if (job.succeeded > 0) return 'partially_failed';
  if (rejected === job.total) return 'rejected';
  if (expired === job.total) return 'expired';
  return 'failed';
}

/**
 * The transaction item that ends a running job whose actions all ended, in `status`. Its
 * condition makes it the only ending: a second caller's transaction is refused.
 */
export function finishJobItem(db: Db, job: Pick<Job, 'workspaceId' | 'jobId'>, status: JobStatus, at: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.job(job.workspaceId, job.jobId),
      UpdateExpression: 'SET #status = :final, finishedAt = :at, updatedAt = :at',
      ConditionExpression: '#status = :running AND remaining = :zero',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':final': status, ':running': 'running', ':zero': 0, ':at': at.toISOString() },
    },
  };
}

/**
 * The transaction item that cancels a job that has not ended: it ends `cancelled` at once (out of
 * the queued index, so no planner takes it and the sweep leaves it). Refused when it had already
 * ended. Its actions are stopped one by one after this (see cancel-job.ts).
 */
export function cancelJobItem(db: Db, workspaceId: string, jobId: string, at: Date): TransactItem {
  const values: Record<string, unknown> = { ':cancelled': 'cancelled', ':at': at.toISOString() };
  for (const [i, status] of finalJobStatuses.entries()) values[`:final${i}`] = status;
  return {
    Update: {
      TableName: db.table,
      Key: keys.job(workspaceId, jobId),
      UpdateExpression: 'SET #status = :cancelled, cancelledAt = :at, finishedAt = :at, updatedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: `attribute_exists(pk) AND NOT #status IN (${finalJobStatuses.map((_, i) => `:final${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

export interface JobListFilter {
  status?: JobStatus;
  type?: JobType;
  /** Jobs created at or after this time only. */
  since?: Date;
}

/** Where a page of jobs ends: the next page starts after it. */
export interface JobListCursor {
  createdAt: string;
  jobId: string;
}

function cursorOf(listKey: string): JobListCursor {
  const [createdAt = '', jobId = ''] = listKey.split('#');
  return { createdAt, jobId };
}

/** Index reads one page may make while a filter leaves it short: bounds the work of one request. */
const MAX_LIST_READS = 5;

/**
 * One page of the workspace's jobs, newest first (by creation, then id), filtered by status and
 * type; `next` when more may follow. The index is eventually consistent: a job created a moment
 * ago may show a moment later. A filter reads past the jobs it leaves out, at most a few index
 * pages a request; the page may then be short, with `next` to read on.
 */
export async function listJobs(
  db: Db,
  workspaceId: string,
  filter: JobListFilter,
  limit: number,
  after?: JobListCursor,
): Promise<{ items: Job[]; next?: JobListCursor }> {
  const index = keys.jobListIndex(workspaceId, '', '');
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':p': index.gsi2pk };
  let keyCondition = 'gsi2pk = :p';
  if (filter.since) {
    keyCondition += ' AND gsi2sk >= :since';
    values[':since'] = filter.since.toISOString();
  }
  const filters: string[] = [];
  if (filter.status) {
    names['#status'] = 'status';
    values[':status'] = filter.status;
    filters.push('#status = :status');
  }
  if (filter.type) {
    names['#type'] = 'type';
    values[':type'] = filter.type;
    filters.push('#type = :type');
  }
  const items: Job[] = [];
  let startKey: Record<string, unknown> | undefined = after && {
    ...keys.job(workspaceId, after.jobId),
    ...keys.jobListIndex(workspaceId, after.createdAt, after.jobId),
  };
  for (let read = 0; read < MAX_LIST_READS && items.length < limit; read++) {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi2',
        KeyConditionExpression: keyCondition,
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => withoutKeys(item) as unknown as Job));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  // The next page starts after the last job read, returned or filtered out.
  const next = startKey && cursorOf(String(startKey.gsi2sk));
  return { items, ...(next ? { next } : {}) };
}
