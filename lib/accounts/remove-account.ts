import { removeAccountFromGroups } from '../groups/group-members';
import { finishJobIfDone } from '../outreach/jobs/finish-job';
import { stopActions } from '../outreach/jobs/stop-actions';
import type { Action } from '../store/actions';
import { getAction } from '../store/actions';
import { deleteAccount } from '../store/accounts';
import type { JobListCursor } from '../store/job-lists';
import { listJobs } from '../store/job-lists';
import type { EventDeps } from '../webhooks/emit-event';
import { requireAccount } from './require-account';

/** Running jobs read a page at a time, and their actions read this many at once. */
const JOBS_PAGE = 100;
const READS_AT_ONCE = 25;

/** Statuses of an action no attempt holds and that has not ended: what `stopActions` ends. */
const openStatuses: ReadonlySet<Action['status']> = new Set(['pending', 'awaiting_approval', 'awaiting_connection']);

/** What removing an account did beside removing it. */
export interface AccountRemoval {
  /** The groups it was taken out of. */
  groups: string[];
  /** Its actions that were waiting and ended `cancelled` (`account_removed`). */
  cancelledActions: number;
}

/** This account's action in each job that has one. */
async function actionsOf(deps: EventDeps, workspaceId: string, accountId: string, jobIds: string[]): Promise<Action[]> {
  const found: Action[] = [];
  for (let start = 0; start < jobIds.length; start += READS_AT_ONCE) {
    const wave = await Promise.all(
      jobIds.slice(start, start + READS_AT_ONCE).map((jobId) => getAction(deps.db, { workspaceId, jobId, accountId })),
    );
    found.push(...wave.filter((action): action is Action => action !== undefined));
  }
  return found;
}

/**
 * Ends `cancelled` (`account_removed`) the account's actions that wait in the workspace's running
 * jobs (deferred, awaiting an approval or an acceptance), which would otherwise wait long before the
 * worker found the account gone, and ends each job that has nothing left. Bounded by the jobs the
 * workspace keeps (JOB_RETENTION_DAYS): older ones are gone, with their actions. A queued job has no
 * actions yet: the worker cancels the one its planner makes for the account when it comes up, as it
 * does for an action that was being performed at this moment.
 */
async function stopWaitingActions(deps: EventDeps, workspaceId: string, accountId: string, now: Date): Promise<number> {
  let cancelled = 0;
  let cursor: JobListCursor | undefined;
  do {
    const page = await listJobs(deps.db, workspaceId, { status: 'running' }, JOBS_PAGE, cursor);
    const waiting = (
      await actionsOf(
        deps,
        workspaceId,
        accountId,
        page.items.map((job) => job.jobId),
      )
    ).filter((action) => openStatuses.has(action.status));
    if (waiting.length) {
      cancelled += await stopActions(
        deps.db,
        waiting,
        { reason: 'account_removed', error: 'Its account was removed before it could act.' },
        now,
      );
      for (const action of waiting) await finishJobIfDone(deps, workspaceId, action.jobId, now);
    }
    cursor = page.next;
  } while (cursor);
  return cancelled;
}

/**
 * DELETE /api/v1/accounts/{accountId} (and the admin CLI's `account remove`): the account leaves
 * every group, is deleted, and its waiting actions end `cancelled` (`account_removed`), each job
 * ending once nothing of it is left. An action being performed at this moment finishes; actions
 * already performed stay. Another workspace's account is a 404.
 */
export async function removeAccount(deps: EventDeps, workspaceId: string, accountId: string, now: Date): Promise<AccountRemoval> {
  await requireAccount(deps.db, workspaceId, accountId);
  // Out of its groups first, so that no new job names it while it is being removed.
  const groups = await removeAccountFromGroups(deps.db, workspaceId, accountId);
  await deleteAccount(deps.db, workspaceId, accountId);
  const cancelledActions = await stopWaitingActions(deps, workspaceId, accountId, now);
  return { groups, cancelledActions };
}
