import type { SQSClient } from '@aws-sdk/client-sqs';
import { AccountBacklogFullError, DependencyUnavailableError } from '../../errors';
import type { RetryKey } from '../../http/idempotency';
import { idFrom, newId } from '../../ids';
import { logger } from '../../log';
import { countJobAccepted } from '../../metrics';
import type { PlanJobMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { getBacklogs } from '../../store/account-backlogs';
import type { Db } from '../../store/client';
import { writeIfConditionHolds } from '../../store/condition-failed';
import type { JobRequestOf, JobType, TypedJobRequest } from '../../schemas/job-request';
import type { Job } from '../../store/jobs';
import { createJob, deleteJob, getJobAndUntaken } from '../../store/jobs';
import { failJob } from '../../store/job-ends';
import { epochSeconds } from '../../store/keys';
import { NOT_QUEUED } from '../jobs/sweep-stale-jobs';

/** The reason on a job that was recorded but could not be queued (the caller got a 503). */
export const ENQUEUE_FAILED = 'enqueue_failed';

interface SubmitJobFields {
  workspaceId: string;
  /**
   * Who acts: accounts the request named (a DM's, an invitation's, a commentor), whose backlogs are
   * checked now; or the accounts of groups, only counted now (from the group directory) and read by
   * the planner, so the request's reads and writes never grow with the groups.
   */
  actors: { accountIds: string[] } | { groupAccountCount: number };
  /** The request field that named the accounts (`groups`, `user`, `commentor`), for a refusal. */
  accountsField: string;
  /** Shown with the job: how the request was read where that may surprise. */
  warnings?: string[];
  now: Date;
  /** With an Idempotency-Key: the job's id is made from it, so that a retry finds the job its first attempt made. */
  retryKey?: RetryKey;
}

/**
 * What a job is made of: its type with the request of that type (a like's request on a DM job does
 * not compile), who acts, and what to tell the caller.
 */
export type SubmitJobInput<T extends JobType = JobType> = { [K in T]: SubmitJobFields & JobRequestOf<K> }[T];

export interface SubmitJobDeps {
  db: Db;
  sqs: SQSClient;
  jobsQueueUrl: string;
  retentionDays: number;
  /** Most actions an account may have waiting (not ended): ACCOUNT_BACKLOG_LIMIT; no limit when absent. */
  accountBacklogLimit?: number;
}

/** Retry-After of a refusal for full backlogs: an account does about a day's work in a day. */
const BACKLOG_RETRY_AFTER_SECONDS = 3600;

/**
 * The named accounts that may take more work: those under the backlog limit. The others are left out
 * of the job, which says so; when that leaves none, the request is refused (429), nothing queued.
 * (A group's accounts are checked by the planner: lib/outreach/plan/plan-job.ts.)
 */
async function accountsWithRoom(
  deps: SubmitJobDeps,
  input: SubmitJobInput,
  accountIds: string[],
): Promise<{ accountIds: string[]; warnings: string[] }> {
  const limit = deps.accountBacklogLimit;
  if (limit === undefined) return { accountIds, warnings: [] };
  const backlogs = await getBacklogs(deps.db, input.workspaceId, accountIds);
  const full = accountIds.filter((id) => (backlogs.get(id) ?? 0) >= limit);
  if (full.length === 0) return { accountIds, warnings: [] };
  const said = (id: string) => `account ${id} has ${backlogs.get(id)} actions waiting, its limit (${limit})`;
  if (full.length === accountIds.length) {
    throw new AccountBacklogFullError(
      `Every account this request would act from has as much work waiting as it may (${limit} actions); nothing was queued. Retry once some of it is done.`,
      full.map((id) => ({ path: input.accountsField, message: said(id) })),
      BACKLOG_RETRY_AFTER_SECONDS,
    );
  }
  return {
    accountIds: accountIds.filter((id) => !full.includes(id)),
    warnings: full.map((id) => `${said(id)}: it was left out of this job.`),
  };
}

/**
 * A job whose enqueue failed: removed, or, when DynamoDB refuses that too, ended `failed`
 * (`enqueue_failed`) so it does not wait `queued` for a message that will never come. Only when
 * both writes fail does it stay queued (logged with its id), until the jobs sweep fails it
 * (`not_queued`, lib/outreach/jobs/sweep-stale-jobs.ts); the caller got a 503 either way.
 */
async function withdrawUnqueuedJob(db: Db, job: Job, now: Date): Promise<void> {
  try {
    await deleteJob(db, job.workspaceId, job.jobId);
    return;
  } catch (error) {
    logger.warn('could not remove an unqueued job; marking it failed', { jobId: job.jobId, error: error as Error });
  }
  await failJob(db, job.workspaceId, job.jobId, ENQUEUE_FAILED, now).catch((error: unknown) =>
    logger.error('could not remove nor fail an unqueued job: it stays queued', {
      workspaceId: job.workspaceId,
      jobId: job.jobId,
      error: error as Error,
    }),
  );
}

/**
 * Failure reasons of a job that its request never started nor announced (the caller got a 503, or
 * no answer): a retry of that request, whose job has the same id, writes it again.
 */
const NEVER_STARTED = [ENQUEUE_FAILED, NOT_QUEUED];

/**
 * Writes the job, unless it is there already. Then it is this request's: written by an earlier
 * attempt with the same Idempotency-Key, cut off after the write and before the key stored its
 * answer (the same id, see `RetryKey`), or by a first try of this very write whose answer was lost
 * (the SDK then wrote again). Returns the job the request is answered with, and whether its plan
 * message is still to send: not when a planner took the job already (the earlier attempt sent it).
 * The attempt before may have died before it sent it, and nothing tells that from a message not yet
 * received: a job still untaken gets one now; a second one finds the job taken or planned and does
 * nothing. Only a job of the same key and body older than the key's 24 h is another request's: this
 * one gets a new id.
 */
async function createJobOnce(db: Db, job: Job, retryKey: RetryKey | undefined): Promise<{ job: Job; toQueue: boolean }> {
  if (await writeIfConditionHolds(createJob(db, job, { replacing: NEVER_STARTED }))) return { job, toQueue: true };
  const found = await getJobAndUntaken(db, job.workspaceId, job.jobId);
  if (!found) throw new DependencyUnavailableError('The job could not be recorded; nothing was started. Retry later.', 5);
  if (retryKey && Date.parse(found.job.createdAt) < retryKey.since.getTime()) {
    const fresh: Job = { ...job, jobId: newId('job') };
    // The id is new: a refusal means a first try of this write landed (its answer lost).
    await writeIfConditionHolds(createJob(db, fresh));
    return { job: fresh, toQueue: true };
  }
  return { job: found.job, toQueue: found.untaken };
}

/** The type and request of the input, together, as the job keeps them (and nothing else of it). */
function typedRequestOf<T extends JobType>(input: SubmitJobInput<T>): TypedJobRequest<T> {
  return { type: input.type, request: input.request };
}

/**
 * Records a job and enqueues it for planning. If the enqueue fails the job is withdrawn and the
 * caller gets a 503: no job is left `queued` with nothing to run it. Should the function be cut
 * off between the two writes (timeout, crash), the jobs sweep ends the job `failed` later, unless
 * a retry with the same Idempotency-Key takes it up first. Such a retry is answered with the job its
 * first attempt made, never with a second one.
 */
export async function submitJob(deps: SubmitJobDeps, input: SubmitJobInput): Promise<Job> {
  const at = input.now.toISOString();
  const named = 'accountIds' in input.actors ? await accountsWithRoom(deps, input, input.actors.accountIds) : undefined;
  const total = named ? named.accountIds.length : (input.actors as { groupAccountCount: number }).groupAccountCount;
  const warnings = [...(input.warnings ?? []), ...(named?.warnings ?? [])];
  const drafted: Job = {
    workspaceId: input.workspaceId,
    jobId: input.retryKey ? idFrom('job', input.retryKey.id) : newId('job'),
    ...typedRequestOf(input),
    status: 'queued',
    ...(named ? { accountIds: named.accountIds } : {}),
    total,
    succeeded: 0,
    failed: 0,
    remaining: total,
    ...(warnings.length ? { warnings } : {}),
    createdAt: at,
    updatedAt: at,
    expiresAt: epochSeconds(input.now) + deps.retentionDays * 86400,
  };
  const { job, toQueue } = await createJobOnce(deps.db, drafted, input.retryKey);
  if (!toQueue) return job;

  const message: PlanJobMessage = { v: 1, workspaceId: job.workspaceId, jobId: job.jobId };
  try {
    await sendMessage(deps.sqs, 'jobs', deps.jobsQueueUrl, { body: message });
  } catch (error) {
    logger.warn('enqueue failed; withdrawing the job', { jobId: job.jobId, error: error as Error });
    await withdrawUnqueuedJob(deps.db, job, input.now);
    throw new DependencyUnavailableError('The job could not be queued; nothing was started. Retry later.', 5, error);
  }
  countJobAccepted(job.type, job.jobId);
  return job;
}
