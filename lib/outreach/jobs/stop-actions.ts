import type { Action } from '../../store/actions';
import { endActionItems } from '../../store/action-ends';
import { cancelApprovalItem } from '../../store/approvals';
import { transactIfCurrent } from '../../store/condition-failed';
import type { Db } from '../../store/client';

/** Why an action was stopped before it acted. */
export interface StopReason {
  reason: 'job_cancelled' | 'account_removed';
  error: string;
}

/** Actions stopped at once, at most: a job of thousands is stopped in waves, not all its writes in flight together. */
const CONCURRENCY = 10;

/**
 * Ends `cancelled` every one of `actions` that no attempt holds (pending, deferred, or waiting for an
 * approval or an acceptance), each counted in its job in the same transaction, and an approval it
 * waited for closed with it. One an attempt holds (`running`) is left to that attempt, which reads
 * its job and account after it took the action and stops there (attempt-action.ts); one that ended
 * meanwhile is left as it ended. Returns how many it stopped.
 */
export async function stopActions(db: Db, actions: Action[], why: StopReason, now: Date): Promise<number> {
  const open = actions.filter((action) => ['pending', 'awaiting_approval', 'awaiting_connection'].includes(action.status));
  let stopped = 0;
  for (let start = 0; start < open.length; start += CONCURRENCY) {
    const wave = await Promise.all(
      open.slice(start, start + CONCURRENCY).map((action) => {
        const approval =
          action.status === 'awaiting_approval' && action.approval
            ? [cancelApprovalItem(db, { workspaceId: action.workspaceId, approvalId: action.approval.approvalId }, now)]
            : [];
        return transactIfCurrent(db, [
          ...endActionItems(db, action, { notHeld: true }, { status: 'cancelled', reason: why.reason, error: why.error }, now),
          ...approval,
        ]);
      }),
    );
    stopped += wave.filter(Boolean).length;
  }
  return stopped;
}
