import { randomUUID } from 'node:crypto';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log';
import type { NetworkProvider } from '../network/provider';
import { ProviderError } from '../network/provider';
import type { RunActionMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import { LAST_DELIVERY } from '../queue/sqs-worker';
import { getAccount } from '../store/accounts';
import type { Action, ActionEnd } from '../store/actions';
import { awaitConnection, claimAction, deferAction, endAction, finalActionStatuses, getAction, rescheduleAction } from '../store/actions';
import type { Db } from '../store/client';
import { finishJobIfDone, getJob } from '../store/jobs';
import { getWorkspace } from '../store/workspaces';
import { performAction } from './perform-action';
import { retryDelaySeconds } from './retry-policy';
import { Deferral, KindDisabledError, SafetyGate } from './safety-gate';

export interface RunActionDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  provider: NetworkProvider;
  maxAttempts: number;
  /** How long a DM waits for its invitation to be accepted, unless the workspace says otherwise. */
  connectionExpirySeconds: number;
  /** How long one attempt holds the action; longer than the worker's timeout. */
  leaseSeconds?: number;
  /** Seconds before the next attempt; the backoff policy by default. */
  retryDelaySeconds?: (attempt: number, retryAfterSeconds?: number) => number;
}

/** Writes that a repetition would duplicate in public: never retried when their outcome is unknown. */
const visibleWrites = new Set(['comment', 'message']);

const finalStatuses = new Set<string>(finalActionStatuses);

/**
 * Actions worker: runs one attempt of one account's action of a job. Duplicate deliveries find
 * the action held, waiting or ended and do nothing; account safety defers it (working hours,
 * quotas) without counting an attempt; a retryable provider failure is rescheduled with backoff;
 * a refusal, or the last attempt, ends the action failed in its job; a DM whose invitation went out
 * waits for its acceptance.
 */
export async function runAction(deps: RunActionDeps, message: RunActionMessage, receiveCount = 1, now = new Date()): Promise<void> {
  const action = await getAction(deps.db, message);
  if (!action) {
    logger.warn('action not found; dropping the message', { ...message });
    return;
  }
  if (finalStatuses.has(action.status)) {
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

  let end: ActionEnd | 'waiting';
  try {
    end = await attempt(deps, claimed, leaseId, now);
  } catch (error) {
    if (receiveCount < LAST_DELIVERY) throw error;
    logger.error('action failed unexpectedly on its last delivery', { ...message, error: error as Error });
    end = { status: 'failed', reason: 'internal_error', error: 'The action could not be completed because of an internal error.' };
  }
  if (end === 'waiting') return;
  if (await endAction(deps.db, message, { leaseId }, end, new Date())) {
    await finishJobIfDone(deps.db, message.workspaceId, message.jobId, new Date());
  }
}

/** One attempt: how the action ends, or 'waiting' when it was put back to wait (retry, deferral, acceptance). */
async function attempt(deps: RunActionDeps, action: Action, leaseId: string, now: Date): Promise<ActionEnd | 'waiting'> {
  // Independent reads, at once: this is every attempt's fixed cost before the provider call.
  const [job, account, workspace] = await Promise.all([
    getJob(deps.db, action.workspaceId, action.jobId),
    getAccount(deps.db, action.workspaceId, action.accountId),
    getWorkspace(deps.db, action.workspaceId),
  ]);
  if (!job) return { status: 'failed', reason: 'job_not_found', error: 'The job no longer exists.' };
  if (!account || account.status !== 'active') {
    return { status: 'failed', reason: 'account_unavailable', error: 'The account was removed or paused before it could act.' };
  }
  const gate = new SafetyGate(deps.db, account, workspace?.settings, now);
  const acting = { workspaceId: action.workspaceId, accountId: account.accountId, providerAccountId: account.providerAccountId };
  try {
    const step = await performAction({ provider: deps.provider, job, action, account: acting, gate, now });
    if (step.type === 'done') {
      return { status: 'succeeded', provider: step.result.provider, outcome: step.result.outcome, details: step.result.details };
    }
    const seconds = workspace?.settings.connectionExpirySeconds ?? deps.connectionExpirySeconds;
    await awaitConnection(
      deps.db,
      { ...action, providerAccountId: account.providerAccountId },
      leaseId,
      {
        target: step.target,
        invitedAt: step.invitedAt,
        until: new Date(step.invitedAt.getTime() + seconds * 1000),
        provider: step.result.provider,
        details: { ...step.result.details, invitation: step.result.outcome },
      },
      now,
    );
    return 'waiting';
  } catch (error) {
    return failedAttempt(deps, { action, leaseId, gate, now }, error);
  }
}

/** What a thrown attempt becomes: a deferral, a retry, or the end of the action. */
async function failedAttempt(
  deps: RunActionDeps,
  { action, leaseId, gate, now }: { action: Action; leaseId: string; gate: SafetyGate; now: Date },
  error: unknown,
): Promise<ActionEnd | 'waiting'> {
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  if (error instanceof Deferral) {
    if (await deferAction(deps.db, action, leaseId, { notBefore: error.until, reason: error.reason }, now)) {
      await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: (error.until.getTime() - now.getTime()) / 1000 });
    }
    return 'waiting';
  }
  if (error instanceof KindDisabledError) return { status: 'failed', reason: 'limit_is_zero', error: error.message };
  if (!(error instanceof ProviderError)) {
    await gate.releaseAll();
    throw error;
  }
  if (error.outcomeUnknown && gate.lastKind && visibleWrites.has(gate.lastKind)) {
    return {
      status: 'failed',
      provider: deps.provider.name,
      reason: 'outcome_unknown',
      error: `${error.message} It may have been posted: it is not retried, so that it is never posted twice. Check on the network.`,
    };
  }
  if (!error.outcomeUnknown) await gate.releaseAll();
  if (error.retryable && action.attempts < deps.maxAttempts) {
    const delay = (deps.retryDelaySeconds ?? retryDelaySeconds)(action.attempts, error.retryAfterSeconds);
    const notBefore = new Date(now.getTime() + delay * 1000);
    if (await rescheduleAction(deps.db, action, leaseId, { notBefore, reason: error.reason, error: error.message }, now)) {
      await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: delay });
    }
    return 'waiting';
  }
  const gaveUp = error.retryable ? ` (gave up after ${action.attempts} attempts)` : '';
  return { status: 'failed', provider: deps.provider.name, reason: error.reason, error: `${error.message}${gaveUp}` };
}
