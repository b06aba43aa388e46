import { randomUUID } from 'node:crypto';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import type { NetworkProvider } from '../../network/provider';
import { ProviderError } from '../../network/provider';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { LAST_DELIVERY } from '../../queue/sqs-worker';
import type { Account } from '../../store/accounts';
import { getAccount } from '../../store/accounts';
import type { Action, ActionEnd, ActionTarget } from '../../store/actions';
import { awaitConnection, claimAction, deferAction, endActionItems, finalActionStatuses, getAction, rescheduleAction } from '../../store/actions';
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
import { leadOfJob } from '../leads/lead-of';
import type { Workspace } from '../../store/workspaces';
import { getWorkspace } from '../../store/workspaces';
import type { StepResult } from './action-step';
import { performAction } from './perform-action';
import type { SignalCooldowns } from '../safety/provider-signals';
import { defaultSignalCooldowns, pauseFor } from '../safety/provider-signals';
import { retryDelaySeconds } from './retry-policy';
import { Deferral, KindDisabledError, SafetyGate } from '../safety/safety-gate';

export interface RunActionDeps extends EventDeps {
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
  /** How long an account waits after a signal of the network that says no time of its own; the defaults when absent. */
  signalCooldowns?: SignalCooldowns;
}

/** Writes that a repetition would duplicate in public: never retried when their outcome is unknown. */
const visibleWrites = new Set(['comment', 'message']);
/** The jobs whose actions make such writes (a DM's may be its invitation or its message). */
const postingJobTypes = new Set(['comment', 'dm']);

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
    await finishJobIfDone(deps, message.workspaceId, message.jobId, now);
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
  if (!claimed) {
    // Held by an attempt that may have crashed (its invocation killed): look again when its lease ends,
    // rather than drop the only message that would take it over.
    if (action.status === 'running' && action.leaseUntil !== undefined && action.leaseUntil > now.getTime()) {
      await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message, delaySeconds: (action.leaseUntil - now.getTime()) / 1000 + 1 });
    }
    return;
  }

  const lastDelivery = receiveCount >= LAST_DELIVERY;
  // Running under a lease that ran out: the attempt that held it died or could not record its call.
  const takenOver = action.status === 'running';
  // The error this last delivery ends the action failed for, in place of what its attempt did.
  let failure: unknown;
  let ending: Ending | 'waiting';
  try {
    ending = await attempt(deps, claimed, leaseId, now, takenOver);
  } catch (error) {
    if (!lastDelivery) return error instanceof RecordingFailed ? keepHeld(message, error) : giveBack(deps, message, leaseId, error);
    failure = error;
    ending = endedOnLastDelivery(message, error, error instanceof RecordingFailed);
  }
  if (ending === 'waiting') return;
  const endedAt = new Date();
  const commit = (end: Ending) => commitWithEvents(deps, [...endActionItems(deps.db, message, { leaseId }, end.end, endedAt), ...(end.items ?? [])], end.events ?? []);
  let committed: boolean;
  try {
    committed = await commit(ending);
  } catch (error) {
    if (!lastDelivery) return ending.visibleCallMade ? keepHeld(message, new RecordingFailed(error)) : giveBack(deps, message, leaseId, error);
    // On the last delivery, once more with the plain failed end: should that fail too, the message
    // is the DLQ's (and its alarm's), the action held.
    failure = error;
    committed = await commit(endedOnLastDelivery(message, error, ending.visibleCallMade === true));
  }
  if (!committed && failure !== undefined) {
    // The lease was gone: the attempt's own deferral or retry had released it (its message then
    // failed to go), or the first commit landed after all. Ended, its job may end; not ended, no
    // delivery is left to take it over, so the message goes to the DLQ and its alarm.
    const after = await getAction(deps.db, message);
    if (!after || !finalStatuses.has(after.status)) throw failure;
    committed = true;
  }
  if (committed) await finishJobIfDone(deps, message.workspaceId, message.jobId, endedAt);
}

/**
 * How an action ends when its attempt, or recording what it did, failed on the last delivery of its
 * message: no delivery comes after it to take the action over (held or released, it would wait
 * forever), so it ends failed. A provider call that was made is not made again: `outcome_unknown`.
 */
function endedOnLastDelivery(message: RunActionMessage, error: unknown, providerCalled: boolean): Ending {
  logger.error('action failed on the last delivery of its message; it ends failed', { ...message, providerCalled, error: error as Error });
  if (providerCalled) {
    return outcomeUnknown('The network call was made, but its result could not be recorded because of an internal error. It is not retried, so that it is never made twice. Check on the network.');
  }
  return { end: { status: 'failed', reason: 'internal_error', error: 'The action could not be completed because of an internal error.' } };
}

/**
 * An attempt that threw unexpectedly: the action is released (pending, no lease) so that the
 * queue's redelivery of this record can take it at once, and the error is rethrown for that
 * redelivery. Should the release fail too, the lease simply runs out first.
 */
async function giveBack(deps: RunActionDeps, message: RunActionMessage, leaseId: string, error: unknown): Promise<never> {
  const retry = { notBefore: new Date(), reason: 'internal_error', error: 'An attempt failed because of an internal error; it is retried.' };
  await rescheduleAction(deps.db, message, leaseId, retry, new Date()).catch((release: unknown) =>
    logger.warn('could not release the action after an error', { ...message, error: release as Error }),
  );
  throw error;
}

/**
 * An error after a comment or a message was posted (recording it, or what goes with it): the action
 * must not be released for a retry, which would post it again.
 */
class RecordingFailed extends Error {
  override name = 'RecordingFailed';
  constructor(cause: unknown) {
    super('the post was made, but it could not be recorded', { cause });
  }
}

/**
 * A post was made but not recorded: the action stays held until its lease ends (a redelivery
 * meanwhile is put off until then, see above); the delivery that then takes it over ends it
 * `outcome_unknown` without posting (see `attempt`).
 */
function keepHeld(message: RunActionMessage, failure: RecordingFailed): never {
  logger.error('a post was made but could not be recorded; the action stays held until its lease ends', { ...message, error: failure.cause as Error });
  throw failure.cause;
}

/** The end of an action whose post may have been made: never made again. */
const outcomeUnknown = (error: string): Ending => ({ end: { status: 'failed', reason: 'outcome_unknown', error }, visibleCallMade: true });

/** How an action ends, with what is written beside it (its lead) and the events that tell of it (`dm.sent`). */
interface Ending {
  end: ActionEnd;
  items?: TransactItem[];
  events?: PreparedEvent[];
  /** A comment or a message was (or may have been) posted: a failure to record this must not post it again. */
  visibleCallMade?: boolean;
}

/** How long an invitation's acceptance is waited for (a DM) or watched for (a connection request): the workspace's, else the default. */
function acceptanceWaitSeconds(deps: RunActionDeps, workspace: Workspace | undefined): number {
  return workspace?.settings.connectionExpirySeconds ?? deps.connectionExpirySeconds;
}

/**
 * A connection request or a DM that went out: the person becomes a lead of the workspace (so that
 * their acceptance and replies can be reported), a connection request's invitation is watched for
 * its acceptance, and a DM is reported as `dm.sent`.
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
      // Watched until it is accepted (lead.connected) or the workspace's wait for an acceptance ends.
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
 * One attempt: how the action ends, or 'waiting' when it was put back to wait (retry, deferral,
 * acceptance). `takenOver`: the action was taken over from an attempt whose lease ran out.
 */
async function attempt(deps: RunActionDeps, action: Action, leaseId: string, now: Date, takenOver: boolean): Promise<Ending | 'waiting'> {
  // Independent reads, at once: this is every attempt's fixed cost before the provider call.
  const [job, account, workspace] = await Promise.all([
    getJob(deps.db, action.workspaceId, action.jobId),
    getAccount(deps.db, action.workspaceId, action.accountId),
    getWorkspace(deps.db, action.workspaceId),
  ]);
  if (!job) return { end: { status: 'failed', reason: 'job_not_found', error: 'The job no longer exists.' } };
  // A job that ended as a whole (its planning or a message of it failed for good) runs no more actions.
  if ((finalJobStatuses as readonly string[]).includes(job.status)) {
    return { end: { status: 'failed', reason: 'job_ended', error: `Its job ended ${job.status}${job.failureReason ? ` (${job.failureReason})` : ''} before this action ran.` } };
  }
  if (!account || account.status !== 'active') {
    return { end: { status: 'failed', reason: 'account_unavailable', error: 'The account was removed or paused before it could act.' } };
  }
  if (takenOver && postingJobTypes.has(job.type)) {
    // The attempt before may have posted and died (or failed to record it) before its end was written.
    logger.warn('a comment or message taken over from an attempt whose lease ran out; not posted again', { workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId });
    return outcomeUnknown('An earlier attempt stopped (an internal error or a crash) before its outcome was recorded, and may have posted it. It is not retried, so that it is never posted twice. Check on the network.');
  }
  const gate = new SafetyGate(deps.db, account, workspace?.settings, now, action.slotAt ? { reservedSlot: new Date(action.slotAt) } : {});
  const acting = { workspaceId: action.workspaceId, accountId: account.accountId, providerAccountId: account.providerAccountId };
  let step: StepResult;
  try {
    step = await performAction({ provider: deps.provider, job, action, account: acting, gate, now });
  } catch (error) {
    const end = await failedAttempt(deps, { action, account, leaseId, gate, now }, error);
    // An outcome the provider left unknown may be a post: recording it must not retry the call either.
    return end === 'waiting' ? end : { end, visibleCallMade: end.status === 'failed' && end.reason === 'outcome_unknown' };
  }
  // The provider call was made: from here on an error must not count as its failure (nor give its
  // quota back); and after a post, nor release the action for a retry that would post it again (a
  // reaction or an invitation made twice changes nothing, so that is released and retried).
  const posted = gate.lastKind !== undefined && visibleWrites.has(gate.lastKind);
  try {
    const ending = await recordCall(deps, { job, action, account, workspace, leaseId, step, now });
    return ending === 'waiting' ? ending : { ...ending, visibleCallMade: posted };
  } catch (error) {
    throw posted ? new RecordingFailed(error) : error;
  }
}

/** What follows a provider call that was made: its success, or the wait for an invitation's acceptance. */
async function recordCall(
  deps: RunActionDeps,
  { job, action, account, workspace, leaseId, step, now }: { job: Job; action: Action; account: Account; workspace: Workspace | undefined; leaseId: string; step: StepResult; now: Date },
): Promise<Ending | 'waiting'> {
  if (step.type === 'done') {
    const end: ActionEnd = { status: 'succeeded', provider: step.result.provider, outcome: step.result.outcome, details: step.result.details };
    return succeeded(deps, { job, action, workspace }, account.providerAccountId, step.target, end, now);
  }
  // Recorded before the wait: its acceptance may be reported by the provider's webhook. An invitation
  // found pending keeps the time the workspace sent it (a connect job, an earlier DM), which its lead
  // holds; one sent from elsewhere has no time the provider tells.
  const lead = await recordLead(
    deps.db,
    leadOfJob(job, action, account.providerAccountId, step.target),
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
 * When a refusal is a signal about the account (see `pauseFor`), pauses it and tells the workspace
 * in the same transaction (`account.throttled`, written only when this pause is new or ends later
 * than the one there was), and returns the deferral of this action to the pause's end. The call did
 * not go: its quota is given back.
 */
async function pauseOnSignal(deps: RunActionDeps, account: Account, gate: SafetyGate, error: ProviderError, now: Date): Promise<Deferral | undefined> {
  const kind = gate.lastTouch;
  const signalled = pauseFor(error, kind, gate.limits, deps.signalCooldowns ?? defaultSignalCooldowns, now);
  if (!signalled) return undefined;
  await gate.releaseAll();
  const { scope, pause } = signalled;
  const told = await prepareEvent(deps.db, account.workspaceId, 'account.throttled', accountThrottledData(account, scope, pause), now);
  if (await commitWithEvents(deps, [pauseAccountItem(deps.db, account, scope, pause)], [told])) {
    logger.warn('the network paused an account', { workspaceId: account.workspaceId, accountId: account.accountId, scope, reason: pause.reason, until: pause.until });
  }
  return new Deferral(gate.wakeAfter(new Date(pause.until), kind ?? 'message'), pause.reason);
}

/** How long an action and its job are kept, at least, after the time it waits for: room for its run, its retries and its reading. */
const KEPT_AFTER_WAIT_SECONDS = 14 * 86_400;

/**
 * An action that waits (deferred, or for an acceptance) must not lose its record, nor its job (whose
 * counters its end updates), to their TTL (the job's retention): both are kept past the wait.
 */
async function keepWhileWaiting(db: Db, action: Action, until: Date): Promise<void> {
  const keepUntilSeconds = epochSeconds(until) + KEPT_AFTER_WAIT_SECONDS;
  if (keepUntilSeconds <= action.expiresAt) return;
  await Promise.all([keepUntil(db, keys.action(action.workspaceId, action.jobId, action.accountId), keepUntilSeconds), keepUntil(db, keys.job(action.workspaceId, action.jobId), keepUntilSeconds)]);
}

/** What a thrown attempt becomes: a deferral, a retry, or the end of the action. */
async function failedAttempt(
  deps: RunActionDeps,
  { action, account, leaseId, gate, now }: { action: Action; account: Account; leaseId: string; gate: SafetyGate; now: Date },
  thrown: unknown,
): Promise<ActionEnd | 'waiting'> {
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  // A signal of the network about the account pauses it (or that kind of touch): this action waits too.
  const error = thrown instanceof ProviderError ? ((await pauseOnSignal(deps, account, gate, thrown, now)) ?? thrown) : thrown;
  if (error instanceof Deferral) {
    if (await deferAction(deps.db, action, leaseId, { notBefore: error.until, reason: error.reason, slot: error.slot }, now)) {
      await keepWhileWaiting(deps.db, action, error.until);
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
