/** One attempt of a claimed action: the checks before its network call, the call, and where it leads. */
import { logger } from '../../log';
import { getAccount } from '../../store/accounts';
import type { Action } from '../../store/actions';
import { getJob, isFinalJobStatus } from '../../store/jobs';
import { getWorkspace } from '../../store/workspaces';
import type { StepResult } from './action-step';
import { performAction } from './perform-action';
import { SafetyGate } from '../safety/safety-gate';
import { Deferral, RecordingFailed } from '../../errors';
import type { RunActionDeps, Ending, AttemptNotes } from './run-action-deps';
import { outcomeUnknown, postingJobTypes, visibleWrites } from './run-action-deps';
import { accountUnavailable, deferUntil } from './defer-action';
import { failedAttempt } from './failed-attempt';
import { recordCall } from './record-call';

/**
 * One attempt. Returns how the action ends, or 'waiting' when it was put back to wait.
 * `takenOver`: the attempt before this one died holding the action.
 */
export async function attempt(
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
  if (isFinalJobStatus(job.status)) {
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
