/**
 * An action put back to wait, not failed: its account paused (by the workspace, or after a warning
 * from the network) or its login disconnected, or the safety gate's "not yet". Each waits with its
 * message, and its records are kept while it waits.
 */
import { logger } from '../../log';
import { countDeferral } from '../../metrics';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import type { Account } from '../../store/accounts';
import type { Action, ActionEnd } from '../../store/actions';
import { deferAction } from '../../store/action-attempts';
import type { Db } from '../../store/client';
import { epochSeconds, keys } from '../../store/keys';
import { keepUntil } from '../../store/retention';
import { pauseAccountItem } from '../../store/send-schedule';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { accountThrottledData } from '../../webhooks/event-data';
import { defaultSignalCooldowns, pauseFor } from '../safety/provider-signals';
import { SafetyGate } from '../safety/safety-gate';
import { markAccountDisconnected } from '../safety/account-connection';
import { Deferral, ProviderError } from '../../errors';
import type { RunActionDeps } from './run-action-deps';

const DEFAULT_RECHECK_SECONDS = 900;
const DEFAULT_DISCONNECTED_FAIL_SECONDS = 3 * 86_400;

/**
 * Some refusals are the network warning about the account (see `pauseFor`). Then the account is
 * paused, and the workspace is told with `account.throttled` in the same transaction (only when the
 * pause is new, or ends later than the one before). Returns the deferral of this action to the end
 * of the pause. The call did not go out, so its quota is given back.
 */
export async function pauseOnSignal(
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
export async function keepWhileWaiting(db: Db, action: Action, until: Date): Promise<void> {
  const keepUntilSeconds = epochSeconds(until) + KEPT_AFTER_WAIT_SECONDS;
  if (keepUntilSeconds <= action.expiresAt) return;
  await Promise.all([
    keepUntil(db, keys.action(action.workspaceId, action.jobId, action.accountId), keepUntilSeconds),
    keepUntil(db, keys.job(action.workspaceId, action.jobId), keepUntilSeconds),
  ]);
}

/** Puts the action back to wait until the deferral's time (not a failure: the attempt is given back), with its message. */
export async function deferUntil(deps: RunActionDeps, action: Action, leaseId: string, deferral: Deferral, now: Date): Promise<'waiting'> {
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  if (await deferAction(deps.db, action, leaseId, { notBefore: deferral.until, reason: deferral.reason, slot: deferral.slot }, now)) {
    countDeferral(deferral.reason, action.jobId);
    await keepWhileWaiting(deps.db, action, deferral.until);
    await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, {
      body: message,
      delaySeconds: (deferral.until.getTime() - now.getTime()) / 1000,
    });
  }
  return 'waiting';
}

/**
 * Whether the account may act now: a paused one waits (the workspace may resume it), a disconnected
 * one waits for its reconnection until it has been disconnected too long, then its action fails.
 * Each looks again after `accountRecheckSeconds`.
 */
export function accountUnavailable(deps: RunActionDeps, account: Account, now: Date): Deferral | ActionEnd | undefined {
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
export async function disconnectedLogin(
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
