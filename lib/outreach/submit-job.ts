import type { SQSClient } from '@aws-sdk/client-sqs';
import { DependencyUnavailableError } from '../errors';
import { newId } from '../ids';
import { logger } from '../log';
import type { PlanJobMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import type { Db } from '../store/client';
import type { Job, JobType } from '../store/jobs';
import { createJob, deleteJob } from '../store/jobs';
import { epochSeconds } from '../store/keys';

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
 * Records a job and enqueues it for planning. If the enqueue fails the job is removed again and
 * the caller gets a 503: no job is ever left `queued` with nothing to run it.
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
  await createJob(deps.db, job);

  const message: PlanJobMessage = { v: 1, workspaceId: job.workspaceId, jobId: job.jobId };
  try {
    await sendMessage(deps.sqs, deps.jobsQueueUrl, { body: message });
  } catch (error) {
    logger.warn('enqueue failed; removing the job', { jobId: job.jobId, error: error as Error });
    await deleteJob(deps.db, job.workspaceId, job.jobId).catch((cleanup: unknown) =>
      logger.error('could not remove an unqueued job', { jobId: job.jobId, error: cleanup as Error }),
    );
    throw new DependencyUnavailableError('The job could not be queued; nothing was started. Retry later.', 5, error);
  }
  return job;
}
