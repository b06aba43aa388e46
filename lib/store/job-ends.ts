/** The writes that end a job (failed, finished, cancelled) and how its end is read from its counts. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writeIfConditionHolds } from './condition-failed';
import type { TransactItem } from './transact';
import { keys } from './keys';
import type { FinalJobStatus, Job, JobStatus } from './jobs';
import { finalJobStatuses } from './jobs';

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
export function finalStatusOf(job: Pick<Job, 'total' | 'succeeded' | 'failed' | 'rejected' | 'expired' | 'cancelled'>): FinalJobStatus {
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
