/**
 * The actions worker: one attempt of one account's action of a job.
 *
 * The states of an action (`ActionStatus`, lib/store/actions.ts) and what moves it from one to the
 * next. `succeeded`, `failed`, `rejected` and `expired` are final: each ends the action and counts
 * it in its job. This file makes the moves out of `pending` and `running`. The moves out of the
 * two waits are made elsewhere: an approval's decision or expiry in lib/approvals, an acceptance
 * in lib/outreach/leads, the end of the wait for one in lib/outreach/watch, and a cancellation in
 * lib/outreach/jobs/stop-actions.ts.
 *
 *   from                 what happens                                          to
 *   -------------------  ----------------------------------------------------  ---------------------
 *   (planned)            nobody has to approve it                              pending
 *   (planned)            a person must approve it first                        awaiting_approval
 *   pending              its time came, and one attempt takes it (a lease)     running
 *   running              the network call worked                               succeeded
 *   running              a DM's invitation went out, or one was already out    awaiting_connection
 *   running              the safety gate says "not yet": the account's send    pending, deferred
 *                        slot, working hours, a daily or weekly limit, or a    (the attempt does
 *                        pause after a warning from the network                not count)
 *   running              a network error worth retrying, attempts left         pending, after a backoff
 *   running              an unexpected error of ours                           pending, retried at once
 *   running              its account is paused, or its login disconnected      pending, deferred
 *                        (the network said so now, or before)                  (looks again later)
 *   running              the network refused, the attempts ran out, the        failed
 *                        limit is zero, the job ended, the account stayed
 *                        disconnected too long, or the message is on its
 *                        last delivery
 *   running              its job was cancelled, or its account removed         cancelled
 *   pending / waiting    its job is cancelled, or its account removed          cancelled
 *                        (stop-actions.ts, not this file)
 *   running              the attempt died holding it, and its lease ran out    running, taken over by
 *                                                                              the next delivery (or
 *                                                                              by one the watch sends,
 *                                                                              if none is left:
 *                                                                              redrive-lapsed-actions)
 *   awaiting_approval    approved (the text maybe edited)                      pending
 *   awaiting_approval    refused / not decided in time                         rejected / expired
 *   awaiting_connection  the person accepted (seen by the webhook or the       pending: the message
 *                        connection watch)                                     goes out next
 *   awaiting_connection  not accepted in time (the connection watch)           expired
 *
 * One rule cuts across the table: a comment or a message is never posted twice. When one may have
 * gone out without being recorded, it is not tried again: the action ends `failed`
 * (`outcome_unknown`), at once or when the next delivery takes it over.
 */
import { randomUUID } from 'node:crypto';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import { countActionEnded, countDeferral } from '../../metrics';
import type { NetworkProvider } from '../../network/provider';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { LAST_DELIVERY } from '../../queue/sqs-worker';
import type { Account } from '../../store/accounts';
import { getAccount } from '../../store/accounts';
import type { Action, ActionEnd, ActionTarget } from '../../store/actions';
import {
  awaitConnection,
  claimAction,
  deferAction,
  endActionItems,
  finalActionStatuses,
  getAction,
  rescheduleAction,
} from '../../store/actions';
import type { Db } from '../../store/client';
import type { Job } from '../../store/jobs';
import { finalJobStatuses, getJob } from '../../store/jobs';
import { watchInvitationItem } from '../../store/invitation-watches';
import { epochSeconds, keys } from '../../store/keys';
import { keepUntil } from '../../store/retention';
import { pauseAccountItem } from '../../store/send-schedule';
import { recordLead, recordLeadItem } from '../../store/leads';
import type { TransactItem } from '../../store/transact';
import type { EventDeps, PreparedEvent } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { accountThrottledData, dmEventData } from '../../webhooks/event-data';
import { finishJobIfDone } from '../jobs/finish-job';
import { leadOf, leadOfJob } from '../leads/lead-of';
import type { Workspace } from '../../store/workspaces';
import { getWorkspace } from '../../store/workspaces';
import type { StepResult } from './action-step';
import { performAction } from './perform-action';
import type { SignalCooldowns } from '../safety/provider-signals';
import { defaultSignalCooldowns, pauseFor } from '../safety/provider-signals';
import { retryDelaySeconds } from './retry-policy';
import { SafetyGate } from '../safety/safety-gate';
import { markAccountDisconnected } from '../safety/account-connection';
import { Deferral, KindDisabledError, ProviderError, RecordingFailed } from '../../errors';

export interface RunActionDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  provider: NetworkProvider;
  maxAttempts: number;
  /** How long to wait for an invitation to be accepted, unless the workspace sets its own time. */
  connectionExpirySeconds: number;
  /** How long one attempt holds the action. Longer than the worker's timeout, so a live attempt never loses it. */
  leaseSeconds?: number;
  /** Seconds to wait before the next attempt. By default, the backoff of retry-policy.ts. */
  retryDelaySeconds?: (attempt: number, retryAfterSeconds?: number) => number;
  /** How long an account rests after a warning from the network that gives no time of its own. The defaults when absent. */
  signalCooldowns?: SignalCooldowns;
  /** How often an action of a paused or disconnected account looks again (15 min when absent). */
  accountRecheckSeconds?: number;
  /** How long an account may stay disconnected before its actions end failed (3 days when absent). */
  disconnectedFailSeconds?: number;
}

const DEFAULT_RECHECK_SECONDS = 900;
const DEFAULT_DISCONNECTED_FAIL_SECONDS = 3 * 86_400;

/** People see comments and messages, so a second copy shows. When we do not know if one went out, it is not retried. */
const visibleWrites = new Set(['comment', 'message']);
/** The job types whose actions post such things (a DM's action posts its message, or first its invitation). */
const postingJobTypes = new Set(['comment', 'dm']);

const finalStatuses = new Set<string>(finalActionStatuses);

/**
 * Runs one attempt of the action a message names (see the table at the top for where it goes
 * next). SQS may deliver a message twice: a duplicate finds the action held, waiting or ended, and
 * does nothing.
 */
export async function runAction(deps: RunActionDeps, message: RunActionMessage, receiveCount = 1, now = new Date()): Promise<void> {
  const action = await getAction(deps.db, message);
  if (!action) {
    logger.warn('action not found; dropping the message', { ...message });
    return;
  }
  if (finalStatuses.has(action.status)) {
    // Already ended, so this is a redelivery. The delivery before may have crashed after ending the
    // action but before ending the job: try to end the job.
    await finishJobIfDone(deps, message.workspaceId, message.jobId, now);
    return;
  }
  const waitSeconds = (Date.parse(action.notBefore) - now.getTime()) / 1000;
  if (action.status === 'pending' && waitSeconds > 1) {
    // Not due yet: SQS delays a message by 15 minutes at most, or this one came early. Send it again for the rest of the wait.
    await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: waitSeconds });
    return;
  }

  const leaseId = randomUUID();
  const { claimed, current } = await claimAction(deps.db, message, leaseId, now, deps.leaseSeconds ?? 150);
  if (!claimed) {
    // Another attempt holds it (as it is now, not as read above), and it may have crashed. Look again
    // when its lease ends: this message may be the only one left that can take the action over.
    if (current?.status === 'running' && current.leaseUntil !== undefined) {
      await sendMessage(deps.sqs, deps.actionsQueueUrl, {
        body: message,
        delaySeconds: Math.max(0, (current.leaseUntil - now.getTime()) / 1000) + 1,
      });
    }
    return;
  }

  const lastDelivery = receiveCount >= LAST_DELIVERY;
  // Claimed while `running`: the attempt before died, or could not record its call.
  const takenOver = action.status === 'running';
  // On the last delivery: the error the action ends failed with, instead of what the attempt did.
  let failure: unknown;
  let ending: Ending | 'waiting';
  const seen: AttemptNotes = {};
  try {
    ending = await attempt(deps, claimed, leaseId, now, takenOver, seen);
  } catch (error) {
    if (!lastDelivery) return error instanceof RecordingFailed ? keepHeld(message, error) : giveBack(deps, message, leaseId, error);
    failure = error;
    ending = endedOnLastDelivery(message, error, error instanceof RecordingFailed);
  }
  if (ending === 'waiting') return;
  const endedAt = new Date();
  const commit = (end: Ending) =>
    commitWithEvents(deps, [...endActionItems(deps.db, message, { leaseId }, end.end, endedAt), ...(end.items ?? [])], end.events ?? []);
  let committed: boolean;
  let ended = ending;
  try {
    committed = await commit(ending);
  } catch (error) {
    if (!lastDelivery)
      return ending.visibleCallMade ? keepHeld(message, new RecordingFailed(error)) : giveBack(deps, message, leaseId, error);
    // On the last delivery, try once more with a plain failed end. If that fails too, the message
    // goes to the dead-letter queue (which raises an alarm) and the action stays held.
    failure = error;
    ended = endedOnLastDelivery(message, error, ending.visibleCallMade === true);
    committed = await commit(ended);
  }
  if (committed) countActionEnded(seen.jobType ?? 'unknown', ended.end.status, message.jobId);
  if (!committed && failure !== undefined) {
    // The write was refused because our lease was gone. Either the attempt had released the action
    // itself (a deferral or a retry whose message then failed to send), or the first write landed
    // after all. If the action ended, its job may end now. If not, no delivery is left to take it
    // over: rethrow, so the message goes to the dead-letter queue and its alarm.
    const after = await getAction(deps.db, message);
    if (!after || !finalStatuses.has(after.status)) throw failure;
    committed = true;
  }
  if (committed) await finishJobIfDone(deps, message.workspaceId, message.jobId, endedAt);
}

/**
 * The end of an action whose attempt, or the recording of it, failed on the last delivery of its
 * message. No delivery comes after this one, so an action left held or released would wait
 * forever: it ends failed. If the network call was made, it ends `outcome_unknown`, so that nobody
 * makes it again.
 */
function endedOnLastDelivery(message: RunActionMessage, error: unknown, providerCalled: boolean): Ending {
  logger.error('action failed on the last delivery of its message; it ends failed', { ...message, providerCalled, error: error as Error });
  if (providerCalled) {
    return outcomeUnknown(
      'The network call was made, but its result could not be recorded because of an internal error. It is not retried, so that it is never made twice. Check on the network.',
    );
  }
  return { end: { status: 'failed', reason: 'internal_error', error: 'The action could not be completed because of an internal error.' } };
}

/**
 * After an unexpected error: releases the action (pending, no lease) and rethrows. The queue then
 * delivers the message again, and that delivery can take the action at once. If the release fails
 * too, the next delivery waits for the lease to run out.
 */
async function giveBack(deps: RunActionDeps, message: RunActionMessage, leaseId: string, error: unknown): Promise<never> {
  const retry = {
    notBefore: new Date(),
    reason: 'internal_error',
    error: 'An attempt failed because of an internal error; it is retried.',
  };
  await rescheduleAction(deps.db, message, leaseId, retry, new Date()).catch((release: unknown) =>
    logger.warn('could not release the action after an error', { ...message, error: release as Error }),
  );
  throw error;
}

/**
 * A post went out but was not recorded. The action stays held until its lease ends, and a delivery
 * before then waits (see above). The delivery that takes it over then ends it `outcome_unknown`
 * without posting (see `attempt`).
 */
function keepHeld(message: RunActionMessage, failure: RecordingFailed): never {
  logger.error('a post was made but could not be recorded; the action stays held until its lease ends', {
    ...message,
    error: failure.cause as Error,
  });
  throw failure.cause;
}

/** The end of an action whose post may have gone out: failed, and never tried again. */
const outcomeUnknown = (error: string): Ending => ({ end: { status: 'failed', reason: 'outcome_unknown', error }, visibleCallMade: true });

/** How an action ends, with what is written in the same transaction (its lead) and the events it sends (`dm.sent`). */
interface Ending {
  end: ActionEnd;
  items?: TransactItem[];
  events?: PreparedEvent[];
  /** A comment or a message went out, or may have: if recording the end fails, it must not be posted again. */
  visibleCallMade?: boolean;
}

/** What an attempt learnt that its caller counts the action's end by (lib/metrics.ts): its job's type, once read. */
interface AttemptNotes {
  jobType?: string;
}

/** How long to wait for an invitation's acceptance (a DM) or watch for it (a connection request): the workspace's time, or the default. */
function acceptanceWaitSeconds(deps: RunActionDeps, workspace: Workspace | undefined): number {
  return workspace?.settings.connectionExpirySeconds ?? deps.connectionExpirySeconds;
}

/**
 * What a successful connection request or DM writes besides its end. The person becomes a lead of
 * the workspace, so that their acceptance and replies can be reported. A connection request's
 * invitation is watched until it is accepted. A DM is reported with `dm.sent`.
 */
async function succeeded(
  deps: RunActionDeps,
  { job, action, workspace }: { job: Job; action: Action; workspace: Workspace | undefined },
  providerAccountId: string,
  target: ActionTarget | undefined,
  end: ActionEnd,
  now: Date,
): Promise<Ending> {
  if (!target || (job.type !== 'connect' && job.type !== 'dm') || end.status !== 'succeeded') return { end };
  const lead = leadOfJob(job, action, providerAccountId, target);
  if (job.type === 'connect') {
    const items = [recordLeadItem(deps.db, lead, end.outcome === 'invited' ? { invitedAt: now.toISOString() } : {}, now)];
    if (end.outcome === 'invited' || end.outcome === 'already_invited') {
      // Watched until it is accepted (then `lead.connected`) or the wait ends.
      const seconds = acceptanceWaitSeconds(deps, workspace);
      items.push(
        watchInvitationItem(deps.db, {
          workspaceId: lead.workspaceId,
          accountId: lead.accountId,
          providerAccountId,
          providerId: lead.providerId,
          publicIdentifier: lead.publicIdentifier,
          pendingSince: now.toISOString(),
          watchUntil: new Date(now.getTime() + seconds * 1000).toISOString(),
        }),
      );
    }
    return { end, items };
  }
  const data = dmEventData(action, target, deps.publicBaseUrl ?? '', {
    text: action.text ?? job.request.message,
    connection: end.details?.connection ?? 'existing',
    sentAt: now.toISOString(),
  });
  return {
    end,
    items: [recordLeadItem(deps.db, lead, { messagedAt: now.toISOString() }, now)],
    events: [await prepareEvent(deps.db, action.workspaceId, 'dm.sent', data, now)],
  };
}

/**
 * One attempt. Returns how the action ends, or 'waiting' when it was put back to wait.
 * `takenOver`: the attempt before this one died holding the action.
 */
async function attempt(
  deps: RunActionDeps,
  action: Action,
  leaseId: string,
  now: Date,
  takenOver: boolean,
  seen: AttemptNotes,
): Promise<Ending | 'waiting'> {
  // Three reads that do not depend on each other, made together: every attempt pays them before its network call.
  const [job, account, workspace] = await Promise.all([
    getJob(deps.db, action.workspaceId, action.jobId),
    getAccount(deps.db, action.workspaceId, action.accountId),
    getWorkspace(deps.db, action.workspaceId),
  ]);
  seen.jobType = job?.type;
  if (!job) return { end: { status: 'failed', reason: 'job_not_found', error: 'The job no longer exists.' } };
  // Read after the action was claimed: a cancellation written before this read stops it here, and
  // one written after it finds the action held, and leaves it to this attempt (cancel-job.ts).
  if (job.status === 'cancelled') {
    return { end: { status: 'cancelled', reason: 'job_cancelled', error: 'Its job was cancelled before this action ran.' } };
  }
  // A job that failed as a whole (its planning, or a message of it, failed for good) runs no more actions.
  if ((finalJobStatuses as readonly string[]).includes(job.status)) {
    return {
      end: {
        status: 'failed',
        reason: 'job_ended',
        error: `Its job ended ${job.status}${job.failureReason ? ` (${job.failureReason})` : ''} before this action ran.`,
      },
    };
  }
  if (!account) return { end: { status: 'cancelled', reason: 'account_removed', error: 'Its account was removed before it could act.' } };
  const unavailable = accountUnavailable(deps, account, now);
  if (unavailable instanceof Deferral) return deferUntil(deps, action, leaseId, unavailable, now);
  if (unavailable) return { end: unavailable };
  if (takenOver && postingJobTypes.has(job.type)) {
    // The attempt before may have posted, then died or failed to record it. Posting again could post twice.
    logger.warn('a comment or message taken over from an attempt whose lease ran out; not posted again', {
      workspaceId: action.workspaceId,
      jobId: action.jobId,
      accountId: action.accountId,
    });
    return outcomeUnknown(
      'An earlier attempt stopped (an internal error or a crash) before its outcome was recorded, and may have posted it. It is not retried, so that it is never posted twice. Check on the network.',
    );
  }
  const gate = new SafetyGate(deps.db, account, workspace?.settings, now, action.slotAt ? { reservedSlot: new Date(action.slotAt) } : {});
  const acting = { workspaceId: action.workspaceId, accountId: account.accountId, providerAccountId: account.providerAccountId };
  let step: StepResult;
  try {
    step = await performAction({ provider: deps.provider, job, action, account: acting, gate, now });
  } catch (error) {
    const end = await failedAttempt(deps, { action, account, leaseId, gate, now }, error);
    // An unknown outcome may be a post that went out: if recording this end fails, the call must not be retried either.
    return end === 'waiting' ? end : { end, visibleCallMade: end.status === 'failed' && end.reason === 'outcome_unknown' };
  }
  // The network call was made. From here on, an error is not the call's failure and does not give
  // its quota back. After a post, an error must not release the action either: a retry would post
  // it again. A reaction or an invitation made twice changes nothing, so those are released and retried.
  const posted = gate.lastKind !== undefined && visibleWrites.has(gate.lastKind);
  try {
    const ending = await recordCall(deps, { job, action, account, workspace, leaseId, step, now });
    return ending === 'waiting' ? ending : { ...ending, visibleCallMade: posted };
  } catch (error) {
    throw posted ? new RecordingFailed(error) : error;
  }
}

/** Records a network call that was made. */
async function recordCall(
  deps: RunActionDeps,
  {
    job,
    action,
    account,
    workspace,
    leaseId,
    step,
    now,
  }: { job: Job; action: Action; account: Account; workspace: Workspace | undefined; leaseId: string; step: StepResult; now: Date },
): Promise<Ending | 'waiting'> {
  if (step.type === 'done') {
    const end: ActionEnd = {
      status: 'succeeded',
      provider: step.result.provider,
      outcome: step.result.outcome,
      details: step.result.details,
    };
    return succeeded(deps, { job, action, workspace }, account.providerAccountId, step.target, end, now);
  }
  // Only a DM waits for an acceptance. Its lead is written before the wait starts: from then on,
  // the provider's webhook may report the acceptance. An invitation found already pending keeps
  // the time the workspace sent it (by a connect job or an earlier DM), which its lead holds. One
  // sent from elsewhere has no known time: the provider does not tell it.
  const lead = await recordLead(
    deps.db,
    leadOf(action, account.providerAccountId, step.target, { jobType: 'dm' }),
    step.invitedAt ? { invitedAt: step.invitedAt.toISOString() } : {},
    now,
  );
  const invitedAt = step.invitedAt ?? (lead.invitedAt ? new Date(lead.invitedAt) : undefined);
  const seconds = acceptanceWaitSeconds(deps, workspace);
  await keepWhileWaiting(deps.db, action, new Date(now.getTime() + seconds * 1000));
  await awaitConnection(
    deps.db,
    { ...action, providerAccountId: account.providerAccountId },
    leaseId,
    {
      target: step.target,
      invitedAt,
      // The DM waits its full time from now, however old the invitation it found.
      until: new Date(now.getTime() + seconds * 1000),
      provider: step.result.provider,
      details: { ...step.result.details, invitation: step.result.outcome },
    },
    now,
  );
  return 'waiting';
}

/**
 * Some refusals are the network warning about the account (see `pauseFor`). Then the account is
 * paused, and the workspace is told with `account.throttled` in the same transaction (only when the
 * pause is new, or ends later than the one before). Returns the deferral of this action to the end
 * of the pause. The call did not go out, so its quota is given back.
 */
async function pauseOnSignal(
  deps: RunActionDeps,
  account: Account,
  gate: SafetyGate,
  error: ProviderError,
  now: Date,
): Promise<Deferral | undefined> {
  const kind = gate.lastTouch;
  const signalled = pauseFor(error, kind, gate.limits, deps.signalCooldowns ?? defaultSignalCooldowns, now);
  if (!signalled) return undefined;
  await gate.releaseAll();
  const { scope, pause } = signalled;
  const told = await prepareEvent(deps.db, account.workspaceId, 'account.throttled', accountThrottledData(account, scope, pause), now);
  if (await commitWithEvents(deps, [pauseAccountItem(deps.db, account, scope, pause)], [told])) {
    logger.warn('the network paused an account', {
      workspaceId: account.workspaceId,
      accountId: account.accountId,
      scope,
      reason: pause.reason,
      until: pause.until,
    });
  }
  return new Deferral(gate.wakeAfter(new Date(pause.until), kind ?? 'message'), pause.reason);
}

/** How long an action and its job are kept, at least, after the time it waits for: time to run, retry and be read. */
const KEPT_AFTER_WAIT_SECONDS = 14 * 86_400;

/**
 * An action that waits (deferred, or for an acceptance) may wait past the job's retention, when
 * DynamoDB deletes both records. Its end still has to update the job's counters, so both are kept
 * until after the wait.
 */
async function keepWhileWaiting(db: Db, action: Action, until: Date): Promise<void> {
  const keepUntilSeconds = epochSeconds(until) + KEPT_AFTER_WAIT_SECONDS;
  if (keepUntilSeconds <= action.expiresAt) return;
  await Promise.all([
    keepUntil(db, keys.action(action.workspaceId, action.jobId, action.accountId), keepUntilSeconds),
    keepUntil(db, keys.job(action.workspaceId, action.jobId), keepUntilSeconds),
  ]);
}

/** Puts the action back to wait until the deferral's time (not a failure: the attempt is given back), with its message. */
async function deferUntil(deps: RunActionDeps, action: Action, leaseId: string, deferral: Deferral, now: Date): Promise<'waiting'> {
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  if (await deferAction(deps.db, action, leaseId, { notBefore: deferral.until, reason: deferral.reason, slot: deferral.slot }, now)) {
    countDeferral(deferral.reason, action.jobId);
    await keepWhileWaiting(deps.db, action, deferral.until);
    await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: (deferral.until.getTime() - now.getTime()) / 1000 });
  }
  return 'waiting';
}

/**
 * Whether the account may act now: a paused one waits (the workspace may resume it), a disconnected
 * one waits for its reconnection until it has been disconnected too long, then its action fails.
 * Each looks again after `accountRecheckSeconds`.
 */
function accountUnavailable(deps: RunActionDeps, account: Account, now: Date): Deferral | ActionEnd | undefined {
  const recheck = recheckAt(deps, now);
  if (account.disconnectedAt) {
    const failAt = Date.parse(account.disconnectedAt) + (deps.disconnectedFailSeconds ?? DEFAULT_DISCONNECTED_FAIL_SECONDS) * 1000;
    if (now.getTime() >= failAt) {
      return {
        status: 'failed',
        reason: 'account_disconnected',
        error: `Its account's login has been disconnected since ${account.disconnectedAt}, and was not reconnected in time.`,
      };
    }
    return new Deferral(new Date(Math.min(recheck.getTime(), failAt)), 'account_disconnected');
  }
  if (account.status === 'paused') return new Deferral(recheck, 'account_paused');
  return undefined;
}

/**
 * A call refused because the acting login is disconnected (its credentials expired, or the network
 * logged it out): the account is marked so, and the workspace told (`account.disconnected`, once),
 * and this action waits for its reconnection. The call did not go out, so its quota is given back.
 */
async function disconnectedLogin(
  deps: RunActionDeps,
  account: Account,
  gate: SafetyGate,
  error: ProviderError,
  now: Date,
): Promise<Deferral | undefined> {
  if (error.reason !== 'account_disconnected') return undefined;
  await gate.releaseAll();
  if (await markAccountDisconnected(deps, account, { cause: 'provider_error', detail: error.message }, now)) {
    logger.warn('the network says an account is disconnected', { workspaceId: account.workspaceId, accountId: account.accountId });
  }
  return new Deferral(recheckAt(deps, now), 'account_disconnected');
}

/** When an action of an account that cannot act for now looks again. */
function recheckAt(deps: RunActionDeps, now: Date): Date {
  return new Date(now.getTime() + (deps.accountRecheckSeconds ?? DEFAULT_RECHECK_SECONDS) * 1000);
}

/** Where an attempt that threw goes next (see the table at the top): 'waiting' when it waits again, else its end. */
async function failedAttempt(
  deps: RunActionDeps,
  { action, account, leaseId, gate, now }: { action: Action; account: Account; leaseId: string; gate: SafetyGate; now: Date },
  thrown: unknown,
): Promise<ActionEnd | 'waiting'> {
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  // A warning from the network pauses the account (or that kind of action), and this action waits
  // with it; a login the network says is disconnected makes every action of its account wait.
  const error =
    thrown instanceof ProviderError
      ? ((await disconnectedLogin(deps, account, gate, thrown, now)) ?? (await pauseOnSignal(deps, account, gate, thrown, now)) ?? thrown)
      : thrown;
  if (error instanceof Deferral) return deferUntil(deps, action, leaseId, error, now);
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
