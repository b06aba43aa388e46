import { expireApproval } from '../approvals/decide-approval';
import { logger } from '../log';
import type { NetworkProvider } from '../network/provider';
import type { Relation } from '../network/network-actions';
import type { RunActionMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import { getAccount } from '../store/accounts';
import type { Action } from '../store/actions';
import { endAction, listAwaitingConnections, listUndispatched, touchDispatch } from '../store/actions';
import { listOverdueApprovals } from '../store/approvals';
import { finishJobIfDone } from './finish-job';
import type { ConnectionAcceptedDeps } from './connection-accepted';
import { markConnectionAccepted } from './connection-accepted';

export interface WatchDeps extends ConnectionAcceptedDeps {
  provider: NetworkProvider;
  /** Most pages of relations read per account and run (newest first). */
  maxPages?: number;
  /** Page size asked for. */
  pageSize?: number;
  /** How long an outboxed action may stay unclaimed before it is sent again. */
  redispatchAfterSeconds?: number;
}

export interface WatchReport {
  approvalsExpired: number;
  connectionsExpired: number;
  accountsPolled: number;
  accountsFailed: number;
  accepted: number;
  redispatched: number;
}

/**
 * The scheduled watch, one run: expires approvals and DMs whose wait ran out, polls the provider
 * for the relations of every account with DMs waiting (one sweep per account, newest relations
 * first, stopping at those older than its oldest invitation) and resumes the accepted ones, and
 * re-sends actions whose enqueue may have been lost. One account's failure does not stop the others.
 */
export async function runConnectionWatch(deps: WatchDeps, now = new Date()): Promise<WatchReport> {
  const report: WatchReport = { approvalsExpired: 0, connectionsExpired: 0, accountsPolled: 0, accountsFailed: 0, accepted: 0, redispatched: 0 };

  for (const approval of await listOverdueApprovals(deps.db, now)) {
    if (await expireApproval(deps, approval, now)) report.approvalsExpired += 1;
  }

  const waiting: Action[] = [];
  for (const action of await listAwaitingConnections(deps.db)) {
    if (action.awaitingUntil && Date.parse(action.awaitingUntil) <= now.getTime()) {
      if (await expireWait(deps, action, now)) report.connectionsExpired += 1;
    } else {
      waiting.push(action);
    }
  }

  for (const actions of groupByAccount(waiting)) {
    try {
      report.accepted += await pollAccount(deps, actions, now);
      report.accountsPolled += 1;
    } catch (error) {
      report.accountsFailed += 1;
      const { workspaceId, accountId } = actions[0]!;
      logger.warn('connection watch: could not poll an account; next run tries again', { workspaceId, accountId, error: error as Error });
    }
  }

  const before = new Date(now.getTime() - (deps.redispatchAfterSeconds ?? 60) * 1000);
  for (const action of await listUndispatched(deps.db, before)) {
    const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
    await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message });
    await touchDispatch(deps.db, action, now);
    report.redispatched += 1;
  }
  return report;
}

async function expireWait(deps: WatchDeps, action: Action, now: Date): Promise<boolean> {
  const ended = await endAction(
    deps.db,
    action,
    { awaiting: 'awaiting_connection' },
    {
      status: 'expired',
      reason: 'invitation_not_accepted',
      error: `The invitation was not accepted before ${action.awaitingUntil}; the message was not sent.`,
    },
    now,
  );
  if (ended) await finishJobIfDone(deps, action.workspaceId, action.jobId, now);
  return ended;
}

function groupByAccount(actions: Action[]): Action[][] {
  const groups = new Map<string, Action[]>();
  for (const action of actions) {
    const key = `${action.workspaceId}#${action.accountId}`;
    groups.set(key, [...(groups.get(key) ?? []), action]);
  }
  return [...groups.values()];
}

/** Reads one account's newest relations and resumes its waiting DMs whose person is among them. */
async function pollAccount(deps: WatchDeps, actions: Action[], now: Date): Promise<number> {
  const { workspaceId, accountId } = actions[0]!;
  const account = await getAccount(deps.db, workspaceId, accountId);
  if (!account) return 0; // Its actions end when they expire; nobody can act for them.
  const acting = { workspaceId, accountId, providerAccountId: account.providerAccountId };
  // A relation made before the oldest invitation cannot be its acceptance: older pages are not read.
  const oldestInvitation = Math.min(...actions.map((action) => Date.parse(action.invitedAt ?? action.createdAt)));
  const unmatched = new Set(actions);
  let accepted = 0;
  let cursor: string | undefined;
  for (let page = 0; page < (deps.maxPages ?? 5) && unmatched.size > 0; page += 1) {
    const result = await deps.provider.listRelations({ account: acting, cursor, limit: deps.pageSize ?? 100 });
    for (const relation of result.relations) {
      for (const action of unmatched) {
        if (!isTheirRelation(action, relation)) continue;
        unmatched.delete(action);
        const connectedAt = relation.createdAt ? new Date(relation.createdAt) : now;
        if (await markConnectionAccepted(deps, action, { connectedAt, by: 'watch', providerAccountId: account.providerAccountId }, now)) accepted += 1;
      }
    }
    const oldestOnPage = Math.min(...result.relations.map((relation) => (relation.createdAt ? Date.parse(relation.createdAt) : Infinity)));
    cursor = result.cursor;
    if (!cursor || oldestOnPage < oldestInvitation) break;
  }
  return accepted;
}

function isTheirRelation(action: Action, relation: Relation): boolean {
  const target = action.target;
  if (!target) return false;
  return relation.providerId === target.providerId || relation.publicIdentifier.toLowerCase() === target.publicIdentifier;
}
