import { randomUUID } from 'node:crypto';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log';
import type { NetworkProvider } from '../network/provider';
import { ProviderError } from '../network/provider';
import type { RunActionMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import { getAccount } from '../store/accounts';
import type { Action, ActionEnd } from '../store/actions';
import { claimAction, endAction, getAction, rescheduleAction } from '../store/actions';
import type { Db } from '../store/client';
import { finishJobIfDone, getJob } from '../store/jobs';
import { performAction } from './perform-action';
import { retryDelaySeconds } from './retry-policy';

export interface RunActionDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  provider: NetworkProvider;
  maxAttempts: number;
  /** How long one attempt holds the action; longer than the worker's timeout. */
  leaseSeconds?: number;
  /** Seconds before the next attempt; the backoff policy by default. */
  retryDelaySeconds?: (attempt: number, retryAfterSeconds?: number) => number;
}

/** The queue's maxReceiveCount: on the last delivery an unexpected error ends the action failed. */
export const LAST_DELIVERY = 5;

/**
 * Actions worker: runs one account's provider call for a job, at most once per attempt.
 * Duplicate deliveries find the action held or ended and do nothing; a retryable provider failure
 * is rescheduled with backoff; a refusal, or the last attempt, ends the action failed in its job.
 */
export async function runAction(deps: RunActionDeps, message: RunActionMessage, receiveCount = 1, now = new Date()): Promise<void> {
  const action = await getAction(deps.db, message);
  if (!action) {
    logger.warn('action not found; dropping the message', { ...message });
    return;
  }
  if (action.status === 'succeeded' || action.status === 'failed') {
    // A redelivery after a crash between ending the action and ending the job.
    await finishJobIfDone(deps.db, message.workspaceId, message.jobId, now);
    return;
  }
  const waitSeconds = (Date.parse(action.notBefore) - now.getTime()) / 1000;
  if (action.status === 'pending' && waitSeconds > 1) {
    // Longer than SQS's 15-minute delay, or delivered early: wait again.
    await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: waitSeconds });
    return;
  }

  const leaseId = randomUUID();
  const claimed = await claimAction(deps.db, message, leaseId, now, deps.leaseSeconds ?? 150);
  if (!claimed) return;

  let end: ActionEnd | 'rescheduled';
  try {
    end = await attempt(deps, claimed, leaseId, now);
  } catch (error) {
    if (receiveCount < LAST_DELIVERY) throw error;
    logger.error('action failed unexpectedly on its last delivery', { ...message, error: error as Error });
    end = { status: 'failed', reason: 'internal_error', error: 'The action could not be completed because of an internal error.' };
  }
  if (end === 'rescheduled') return;
  if (await endAction(deps.db, message, leaseId, end, new Date())) {
    await finishJobIfDone(deps.db, message.workspaceId, message.jobId, new Date());
  }
}

/** One attempt: how the action ends, or 'rescheduled' when a retryable failure put it back to wait. */
async function attempt(deps: RunActionDeps, action: Action, leaseId: string, now: Date): Promise<ActionEnd | 'rescheduled'> {
  const job = await getJob(deps.db, action.workspaceId, action.jobId);
  const account = await getAccount(deps.db, action.workspaceId, action.accountId);
  if (!job) return { status: 'failed', reason: 'job_not_found', error: 'The job no longer exists.' };
  if (!account || account.status !== 'active') {
    return { status: 'failed', reason: 'account_unavailable', error: 'The account was removed or paused before it could act.' };
  }
  try {
    const result = await performAction(deps.provider, job, {
      workspaceId: action.workspaceId,
      accountId: account.accountId,
      providerAccountId: account.providerAccountId,
    });
    return { status: 'succeeded', provider: result.provider, outcome: result.outcome, details: result.details };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable && action.attempts < deps.maxAttempts) {
      const delay = (deps.retryDelaySeconds ?? retryDelaySeconds)(action.attempts, error.retryAfterSeconds);
      const notBefore = new Date(now.getTime() + delay * 1000);
      if (await rescheduleAction(deps.db, action, leaseId, { notBefore, reason: error.reason, error: error.message }, now)) {
        const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
        await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: delay });
      }
      return 'rescheduled';
    }
    const gaveUp = error.retryable ? ` (gave up after ${action.attempts} attempts)` : '';
    return { status: 'failed', provider: deps.provider.name, reason: error.reason, error: `${error.message}${gaveUp}` };
  }
}
