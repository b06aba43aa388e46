/** Where an attempt whose network call threw goes next: waiting again, retried later, or ended. */
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import type { Account } from '../../store/accounts';
import type { Action, ActionEnd } from '../../store/actions';
import { rescheduleAction } from '../../store/action-attempts';
import { retryDelaySeconds } from './retry-policy';
import { SafetyGate } from '../safety/safety-gate';
import { Deferral, KindDisabledError, ProviderError } from '../../errors';
import type { RunActionDeps } from './run-action-deps';
import { visibleWrites } from './run-action-deps';
import { deferUntil, disconnectedLogin, pauseOnSignal } from './defer-action';

/** Where an attempt that threw goes next (action-states.ts): 'waiting' when it waits again, else its end. */
export async function failedAttempt(
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
      await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message, delaySeconds: delay });
    }
    return 'waiting';
  }
  const gaveUp = error.retryable ? ` (gave up after ${action.attempts} attempts)` : '';
  return { status: 'failed', provider: deps.provider.name, reason: error.reason, error: `${error.message}${gaveUp}` };
}
