/** What a network call that was made leaves: the action's end and what goes with it, or a DM's wait for an acceptance. */
import type { Account } from '../../store/accounts';
import type { Action, ActionEnd, ActionTarget } from '../../store/actions';
import { awaitConnection } from '../../store/action-ends';
import type { Job } from '../../store/jobs';
import { watchInvitationItem } from '../../store/invitation-watches';
import { recordLead, recordLeadItem } from '../../store/leads';
import { prepareEvent } from '../../webhooks/emit-event';
import { dmEventData, postPublishedData } from '../../webhooks/event-data';
import { amplifyPost } from './perform-post';
import { leadOf, leadOfJob } from '../leads/lead-of';
import type { Workspace } from '../../store/workspaces';
import type { StepResult } from './action-step';
import type { RunActionDeps, Ending } from './run-action-deps';
import { keepWhileWaiting } from './defer-action';

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
  if (job.type === 'post' && end.status === 'succeeded') return published(deps, job, action, end, now);
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
  const data = {
    ...dmEventData(action, target, deps.publicBaseUrl ?? ''),
    text: action.text ?? job.request.message,
    // perform-dm.ts writes one of the two; details are stored as plain strings.
    connection: end.details?.connection === 'accepted_invitation' ? ('accepted_invitation' as const) : ('existing' as const),
    sentAt: now.toISOString(),
  };
  return {
    end,
    items: [recordLeadItem(deps.db, lead, { messagedAt: now.toISOString() }, now)],
    events: [await prepareEvent(deps.db, action.workspaceId, 'dm.sent', data, now)],
  };
}

/**
 * A post that went out: its amplification started (perform-post.ts), what it started kept with the
 * post's ids in the action's details, and `post.published` sent.
 */
async function published(
  deps: RunActionDeps,
  job: Job<'post'>,
  action: Action,
  end: Extract<ActionEnd, { status: 'succeeded' }>,
  now: Date,
): Promise<Ending> {
  const amplification = await amplifyPost(deps.amplify, job, end.details, now);
  const details = { ...end.details, ...amplification };
  const data = postPublishedData(
    action,
    { text: action.text ?? job.request.text, details, amplified: job.request.amplify !== undefined, at: now },
    deps.publicBaseUrl ?? '',
  );
  return { end: { ...end, details }, events: [await prepareEvent(deps.db, action.workspaceId, 'post.published', data, now)] };
}

/** Records a network call that was made. */
export async function recordCall(
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
