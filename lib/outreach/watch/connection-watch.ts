import { expireApproval } from '../../approvals/decide-approval';
import { logger } from '../../log';
import type { NetworkProvider } from '../../network/provider';
import type { Relation } from '../../network/network-actions';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { getAccount } from '../../store/accounts';
import type { Action } from '../../store/actions';
import { listAwaitingConnections, listUndispatched } from '../../store/actions';
import { touchDispatch } from '../../store/action-attempts';
import { endAction } from '../../store/action-ends';
import { listOverdueApprovals } from '../../store/approvals';
import type { InvitationWatch } from '../../store/invitation-watches';
import { listWatchedInvitations, unwatchInvitation } from '../../store/invitation-watches';
import { getLead } from '../../store/leads';
import { finishJobIfDone } from '../jobs/finish-job';
import type { ConnectionAcceptedDeps } from '../leads/connection-accepted';
import { markConnectionAccepted } from '../leads/connection-accepted';
import { markLeadConnected } from '../leads/lead-connected';
import { redriveLapsedActions } from '../run/redrive-lapsed-actions';

export interface WatchDeps extends ConnectionAcceptedDeps {
  provider: NetworkProvider;
  /** Most pages of relations read per account and run (newest first). */
  maxPages?: number;
  /** Page size asked for. */
  pageSize?: number;
  /** How long an outboxed action may stay unclaimed before it is sent again. */
  redispatchAfterSeconds?: number;
  /** How long past its lease an action may stay held before it is re-driven (redrive-lapsed-actions.ts). */
  lapsedLeaseSeconds?: number;
}

export interface WatchReport {
  approvalsExpired: number;
  connectionsExpired: number;
  /** Connection requests' invitations no longer watched: not accepted within the wait. */
  invitationsUnwatched: number;
  accountsPolled: number;
  accountsFailed: number;
  /** DMs resumed by an acceptance. */
  accepted: number;
  /** Connection requests accepted (`lead.connected`). */
  leadsConnected: number;
  redispatched: number;
  /** Actions held long past their lease, with no message left to end them, sent a message again. */
  leasesRedriven: number;
}

/** What one account's poll looks for: its DMs waiting for an acceptance, its connection requests' invitations. */
interface AccountWatch {
  workspaceId: string;
  accountId: string;
  dms: Action[];
  invitations: InvitationWatch[];
}

/**
 * The scheduled watch, one run: expires approvals and DMs whose wait ran out (and stops watching
 * connection requests' invitations past theirs), polls the provider for the relations of every
 * account with DMs waiting or invitations watched (one sweep per account, newest relations first,
 * stopping at those older than its oldest invitation), resumes the accepted DMs and reports the
 * accepted connection requests (`lead.connected`), re-sends actions whose enqueue may have been
 * lost, and re-drives actions left held past their lease with no message to end them. One
 * account's failure does not stop the others.
 */
export async function runConnectionWatch(deps: WatchDeps, now = new Date()): Promise<WatchReport> {
  const report: WatchReport = {
    approvalsExpired: 0,
    connectionsExpired: 0,
    invitationsUnwatched: 0,
    accountsPolled: 0,
    accountsFailed: 0,
    accepted: 0,
    leadsConnected: 0,
    redispatched: 0,
    leasesRedriven: 0,
  };

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

  const invitations: InvitationWatch[] = [];
  for (const invitation of await listWatchedInvitations(deps.db)) {
    if (Date.parse(invitation.watchUntil) <= now.getTime()) {
      await unwatchInvitation(deps.db, invitation);
      report.invitationsUnwatched += 1;
    } else {
      invitations.push(invitation);
    }
  }

  for (const watch of groupByAccount(waiting, invitations)) {
    try {
      const found = await pollAccount(deps, watch, now);
      report.accepted += found.accepted;
      report.leadsConnected += found.leadsConnected;
      report.accountsPolled += 1;
    } catch (error) {
      report.accountsFailed += 1;
      const { workspaceId, accountId } = watch;
      logger.warn('connection watch: could not poll an account; next run tries again', { workspaceId, accountId, error: error as Error });
    }
  }

  const before = new Date(now.getTime() - (deps.redispatchAfterSeconds ?? 60) * 1000);
  for (const action of await listUndispatched(deps.db, before)) {
    const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
    await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message });
    await touchDispatch(deps.db, action, now);
    report.redispatched += 1;
  }
  report.leasesRedriven = await redriveLapsedActions(deps, now);
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

function groupByAccount(dms: Action[], invitations: InvitationWatch[]): AccountWatch[] {
  const groups = new Map<string, AccountWatch>();
  const groupOf = ({ workspaceId, accountId }: { workspaceId: string; accountId: string }) => {
    const key = `${workspaceId}#${accountId}`;
    const group = groups.get(key) ?? { workspaceId, accountId, dms: [], invitations: [] };
    groups.set(key, group);
    return group;
  };
  for (const dm of dms) groupOf(dm).dms.push(dm);
  for (const invitation of invitations) groupOf(invitation).invitations.push(invitation);
  return [...groups.values()];
}

/**
 * Reads one account's newest relations: resumes its waiting DMs whose person is among them, then
 * reports its connection requests accepted (after the DMs, which report a lead of their own: a
 * person both invited and messaged is reported connected once).
 */
async function pollAccount(deps: WatchDeps, watch: AccountWatch, now: Date): Promise<{ accepted: number; leadsConnected: number }> {
  const found = { accepted: 0, leadsConnected: 0 };
  const { workspaceId, accountId } = watch;
  const account = await getAccount(deps.db, workspaceId, accountId);
  if (!account) return found; // Its actions end when they expire, its watches when theirs do; nobody can act for them.
  const acting = { workspaceId, accountId, providerAccountId: account.providerAccountId };
  // A relation made before the oldest invitation cannot be its acceptance: older pages are not read.
  const oldestInvitation = Math.min(
    ...watch.dms.map((action) => Date.parse(action.invitedAt ?? action.createdAt)),
    ...watch.invitations.map((invitation) => Date.parse(invitation.pendingSince)),
  );
  const dms = new Set(watch.dms);
  const invitations = new Set(watch.invitations);
  let cursor: string | undefined;
  for (let page = 0; page < (deps.maxPages ?? 5) && dms.size + invitations.size > 0; page += 1) {
    const result = await deps.provider.listRelations({ account: acting, cursor, limit: deps.pageSize ?? 100 });
    for (const relation of result.relations) {
      const connectedAt = relation.createdAt ? new Date(relation.createdAt) : now;
      for (const action of dms) {
        if (!action.target || !isTheirRelation(action.target, relation)) continue;
        dms.delete(action);
        if (await markConnectionAccepted(deps, action, { connectedAt, by: 'watch', providerAccountId: account.providerAccountId }, now))
          found.accepted += 1;
      }
      for (const invitation of invitations) {
        if (!isTheirRelation(invitation, relation)) continue;
        invitations.delete(invitation);
        const lead = await getLead(deps.db, invitation.workspaceId, invitation.accountId, invitation.providerId);
        if (!lead) await unwatchInvitation(deps.db, invitation);
        else if (await markLeadConnected(deps, lead, connectedAt, now)) found.leadsConnected += 1;
      }
    }
    const oldestOnPage = Math.min(...result.relations.map((relation) => (relation.createdAt ? Date.parse(relation.createdAt) : Infinity)));
    cursor = result.cursor;
    if (!cursor || oldestOnPage < oldestInvitation) break;
  }
  return found;
}

function isTheirRelation(person: { providerId: string; publicIdentifier: string }, relation: Relation): boolean {
  return relation.providerId === person.providerId || relation.publicIdentifier.toLowerCase() === person.publicIdentifier.toLowerCase();
}
