import type { SQSClient } from '@aws-sdk/client-sqs';
import { DependencyUnavailableError } from '../errors';
import { newId } from '../ids';
import { logger } from '../log';
import type { PlanJobMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import type { Db } from '../store/client';
import { writeIfConditionHolds } from '../store/condition-failed';
import type { Job, JobType } from '../store/jobs';
import { createJob, deleteJob, failJob } from '../store/jobs';
import { epochSeconds } from '../store/keys';

/** The reason on a job that was recorded but could not be queued (the caller got a 503). */
export const ENQUEUE_FAILED = 'enqueue_failed';

export interface SubmitJobInput {
  workspaceId: string;
  type: JobType;
  request: Record<string, unknown>;
  accountIds: string[];
  /** Shown with the job: how the request was read where that may surprise. */
  warnings?: string[];
  now: Date;
}

export interface SubmitJobDeps {
  db: Db;
  sqs: SQSClient;
  jobsQueueUrl: string;
  retentionDays: number;
}

/**
 * A job whose enqueue failed: removed, or, when DynamoDB refuses that too, ended `failed`
 * (`enqueue_failed`) so it does not wait `queued` for a message that will never come. Only when
 * both writes fail does it stay queued (logged with its id), until the jobs sweep fails it
 * (`not_queued`, lib/outreach/sweep-stale-jobs.ts); the caller got a 503 either way.
 */
async function withdrawUnqueuedJob(db: Db, job: Job, now: Date): Promise<void> {
  try {
    await deleteJob(db, job.workspaceId, job.jobId);
    return;
  } catch (error) {
    logger.warn('could not remove an unqueued job; marking it failed', { jobId: job.jobId, error: error as Error });
  }
  await failJob(db, job.workspaceId, job.jobId, ENQUEUE_FAILED, now).catch((error: unknown) =>
    logger.error('could not remove nor fail an unqueued job: it stays queued', { workspaceId: job.workspaceId, jobId: job.jobId, error: error as Error }),
  );
}

/**
 * Records a job and enqueues it for planning. If the enqueue fails the job is withdrawn and the
 * caller gets a 503: no job is left `queued` with nothing to run it. Should the function be cut
 * off between the two writes (timeout, crash), the jobs sweep ends the job `failed` later.
 */
export async function submitJob(deps: SubmitJobDeps, input: SubmitJobInput): Promise<Job> {
  const at = input.now.toISOString();
  const job: Job = {
    workspaceId: input.workspaceId,
    jobId: newId('job'),
    type: input.type,
    status: 'queued',
    request: input.request,
    accountIds: input.accountIds,
    total: input.accountIds.length,
    succeeded: 0,
    failed: 0,
    remaining: input.accountIds.length,
    ...(input.warnings?.length ? { warnings: input.warnings } : {}),
    createdAt: at,
    updatedAt: at,
    expiresAt: epochSeconds(input.now) + deps.retentionDays * 86400,
  };
  // The job id is new: a refused condition means an attempt of this very write landed and its
  // answer was lost (the SDK then retried), so the job is there as written.
  await writeIfConditionHolds(createJob(deps.db, job));

  const message: PlanJobMessage = { v: 1, workspaceId: job.workspaceId, jobId: job.jobId };
  try {
    await sendMessage(deps.sqs, deps.jobsQueueUrl, { body: message });
  } catch (error) {
    logger.warn('enqueue failed; withdrawing the job', { jobId: job.jobId, error: error as Error });
    await withdrawUnqueuedJob(deps.db, job, input.now);
    throw new DependencyUnavailableError('The job could not be queued; nothing was started. Retry later.', 5, error);
  }
  return job;
}
