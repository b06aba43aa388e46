import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import type { PlanJobMessage, RunActionMessage } from '../../queue/messages';
import { sendMessages } from '../../queue/send';
import type { Account } from '../../store/accounts';
import { getAccounts } from '../../store/accounts';
import type { Action } from '../../store/actions';
import { createActionsOnce, existingActionAccounts } from '../../store/actions';
import { getBacklogs } from '../../store/account-backlogs';
import { groupMemberIds } from '../../store/groups';
import { getPlanPart, putPlanParts, recordPartPlanned, startJobPlan } from '../../store/job-plans';
import type { Db } from '../../store/client';
import { approvalRef, createActionAwaitingApproval } from '../../store/approvals';
import type { WebhookEndpoint } from '../../store/webhooks';
import { listWebhooks } from '../../store/webhooks';
import type { EventDeps } from '../../webhooks/emit-event';
import { announceNotification } from '../../notifications/announce-notification';
import { approvalNotificationItems } from '../../store/approval-notifications';
import { announceDeliveries, prepareEvent } from '../../webhooks/emit-event';
import { approvalRequestedData } from '../../webhooks/event-data';
import type { Job } from '../../store/jobs';
import { getJob, markJobPlanned, takeQueuedJob } from '../../store/jobs';
import { finishJobIfDone } from '../jobs/finish-job';
import { getWorkspace } from '../../store/workspaces';
import type { ApprovableJob } from './approval-draft';
import { draftApproval, jobToApprove } from './approval-draft';
import { failJobNamedBy } from '../jobs/fail-unreadable-job';
import { pacingOffsetMs } from './pacing';

export interface PlanJobDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  /** Where the parts of a big job are queued, each planned by a message of its own. */
  jobsQueueUrl: string;
  actionsQueueUrl: string;
  defaultPacingWindowSeconds: number;
  /** How long an approval waits for a decision, unless the workspace says otherwise. */
  approvalExpirySeconds: number;
  /** Most actions an account may have waiting (ACCOUNT_BACKLOG_LIMIT): a group's account with as many is left out; none when absent. */
  accountBacklogLimit?: number;
  /**
   * Telling an approval's person (email, Slack): its notifications are made with it, and the request
   * queued at once. Absent: no notification is made (tests of planning alone).
   */
  notifications?: { queueUrl: string; reminderBeforeSeconds: number };
  /** Accounts of a part: PLAN_PART_ACCOUNTS unless a test splits small jobs. */
  planPartAccounts?: number;
}

/**
 * Accounts planned by one invocation: 500 actions are made and queued in about a second (each
 * with its own conditional write), far inside the jobs worker's timeout, and their ids fit a
 * DynamoDB item many times over.
 */
export const PLAN_PART_ACCOUNTS = 500;

/**
 * Jobs worker: fans a queued job out to one action per account, each scheduled at a paced time,
 * and enqueues them; an action that needs a person's approval first waits for it instead (with its
 * approval and link made in the same transaction). A job of one account is not paced. A group job
 * reads its groups' accounts now, once; more than PLAN_PART_ACCOUNTS of them are split into parts,
 * each queued as a message of its own and planned apart (`planPart`). Idempotent: a redelivered
 * message finds the job planned and stops, and a plan interrupted half-way is finished by the
 * redelivery (actions are created once, and each part is counted once).
 */
export async function planJob(deps: PlanJobDeps, message: PlanJobMessage, now = new Date()): Promise<void> {
  const { workspaceId, jobId } = message;
  // Taken only while still queued, before anything is created: a job the sweep failed (its
  // request never completed) or one planned already is left as it is.
  const taken = await takeQueuedJob(deps.db, workspaceId, jobId);
  if (!taken) {
    // Mostly a redelivery of a plan that finished; no read to tell that from a missing job.
    logger.info('job to plan is not queued (planned already, ended, or missing); dropping the message', { workspaceId, jobId });
    return;
  }
  if (message.part !== undefined) {
    await planPart(deps, taken, message.part, await getPlanPart(deps.db, workspaceId, jobId, message.part), now);
    return;
  }

  let job: Job | undefined = taken;
  if (job.planParts === undefined) {
    const accountIds = job.accountIds ?? (await groupMemberIds(deps.db, workspaceId, groupsOf(job)));
    const parts = splitIntoParts(accountIds, deps.planPartAccounts ?? PLAN_PART_ACCOUNTS);
    if (parts.length > 1) await putPlanParts(deps.db, job, parts);
    job =
      (await startJobPlan(deps.db, workspaceId, jobId, {
        parts: parts.length,
        accountCount: accountIds.length,
        accountIds: parts.length === 1 ? accountIds : undefined,
      })) ?? (await getJob(deps.db, workspaceId, jobId));
    if (!job || job.status !== 'queued') return;
  }
  if (job.planParts === 1) {
    await planPart(deps, job, 0, job.accountIds ?? [], now);
    return;
  }
  const pending = Array.from({ length: job.planParts ?? 0 }, (_, index) => index).filter((index) => !job.plannedParts?.has(index));
  await sendMessages(
    deps.sqs,
    'jobs',
    deps.jobsQueueUrl,
    pending.map((part) => ({ body: { v: 1, workspaceId, jobId, part } satisfies PlanJobMessage })),
  );
}

/** The groups a group job acts from (a like's, or a comment's from groups). */
function groupsOf(job: Job): string[] {
  if (job.type === 'like') return job.request.groups;
  if (job.type === 'comment') return job.request.groups ?? [];
  return [];
}

function splitIntoParts(accountIds: string[], size: number): string[][] {
  const parts: string[][] = [];
  for (let i = 0; i < accountIds.length; i += size) parts.push(accountIds.slice(i, i + size));
  return parts.length ? parts : [[]];
}

/** The reason of a group job that was left no account to act from: none active, or all with full backlogs. */
export const NO_ACCOUNTS_TO_ACT = 'no_accounts_to_act';

/**
 * Plans one part of a job: its actions made and queued, then the part counted (with the accounts it
 * left out). The part that completes the plan marks the job planned.
 */
async function planPart(deps: PlanJobDeps, job: Job, index: number, accountIds: string[], now: Date): Promise<void> {
  const { workspaceId, jobId } = job;
  const workspace = await getWorkspace(deps.db, workspaceId);
  const windowSeconds = job.total > 1 ? (workspace?.settings.pacingWindowSeconds ?? deps.defaultPacingWindowSeconds) : 0;
  const approvalSeconds = workspace?.settings.approvalExpirySeconds ?? deps.approvalExpirySeconds;
  const accounts = new Map((await getAccounts(deps.db, workspaceId, accountIds)).map((account) => [account.accountId, account]));
  const fromGroups = groupsOf(job).length > 0;
  const { acting, warnings } = fromGroups
    ? await groupAccountsThatAct(deps, job, accountIds, accounts)
    : { acting: accountIds, warnings: [] };
  const at = now.toISOString();
  // Read once, and only if an action needs an approval (its event goes to them).
  let endpointsRead: Promise<WebhookEndpoint[]> | undefined;
  const endpoints = () => (endpointsRead ??= listWebhooks(deps.db, workspaceId));

  // Actions with no approval to ask are made together; one that needs an approval is made with it,
  // its event and its notifications, one transaction each.
  const toCreate: Action[] = [];
  const toApprove: Array<{ action: Action; account: Account; job: ApprovableJob }> = [];
  for (const accountId of acting) {
    const account = accounts.get(accountId);
    const action: Action = {
      workspaceId,
      jobId,
      accountId,
      accountName: account?.name,
      profileUrl: account?.profileUrl,
      status: 'pending',
      attempts: 0,
      notBefore: new Date(now.getTime() + pacingOffsetMs(jobId, accountId, windowSeconds)).toISOString(),
      createdAt: at,
      updatedAt: at,
      expiresAt: job.expiresAt,
    };
    const approvable = account && jobToApprove(job, account);
    if (account && approvable) toApprove.push({ action, account, job: approvable });
    else toCreate.push(action);
  }
  const actions = await createActionsOnce(deps.db, toCreate);
  for (let i = 0; i < toApprove.length; i += 25) {
    actions.push(
      ...(await Promise.all(
        toApprove
          .slice(i, i + 25)
          .map(({ action, account, job: approvable }) =>
            planApproval(deps, { job: approvable, action, account, validForSeconds: approvalSeconds, endpoints, now }),
          ),
      )),
    );
  }

  await sendMessages(
    deps.sqs,
    'actions',
    deps.actionsQueueUrl,
    actions
      .filter((action) => action.status === 'pending')
      .map((action) => {
        const body: RunActionMessage = { v: 1, workspaceId, jobId, accountId: action.accountId };
        return { body, delaySeconds: (Date.parse(action.notBefore) - now.getTime()) / 1000 };
      }),
  );
  // Refused when the part was counted already, or the job is no longer queued (cancelled, or failed,
  // meanwhile). Counted already need not mean marked planned: the delivery that counted it may have
  // died before its next write, or this is that very delivery, whose count landed and whose answer
  // was lost (the SDK then sent it again). Stopping there would leave the job queued for good, taken
  // (so no sweep looks at it), its actions run: the job as it now is says whether to go on.
  const counted =
    (await recordPartPlanned(deps.db, workspaceId, jobId, { index, leftOut: accountIds.length - acting.length, warnings }, now)) ??
    (await getJob(deps.db, workspaceId, jobId));
  if (!counted || counted.status !== 'queued' || counted.plannedParts?.size !== counted.planParts) return;
  if (counted.total === 0) {
    await failJobNamedBy(deps, { workspaceId, jobId }, NO_ACCOUNTS_TO_ACT);
    return;
  }
  const planned = await markJobPlanned(deps.db, workspaceId, jobId, now);
  // Its actions may all have ended before this (an action due at once, run between its message and
  // this mark): their ends found the job queued and could not finish it, so it finishes here. So too
  // when the mark is refused: another delivery made it, or a first try of it landed, its answer lost.
  if (!planned || planned.remaining === 0) await finishJobIfDone(deps, workspaceId, jobId, now);
}

/** At most this many account ids are named in a warning; the rest are counted. */
const NAMED_IN_WARNING = 5;

function leftOutWarning(accountIds: string[], why: string): string[] {
  if (accountIds.length === 0) return [];
  const named = accountIds.slice(0, NAMED_IN_WARNING).join(', ');
  const more = accountIds.length > NAMED_IN_WARNING ? ` and ${accountIds.length - NAMED_IN_WARNING} more` : '';
  return [`${accountIds.length} account(s) of the groups were left out of this job, ${why}: ${named}${more}.`];
}

/**
 * Of a group job's accounts, those that act: active ones (the groups were checked to have one when
 * the request came, but members change), under their backlog limit. One whose action exists already
 * (an earlier try of this part made it) acts whatever its backlog, which that action is part of.
 */
async function groupAccountsThatAct(
  deps: PlanJobDeps,
  job: Job,
  accountIds: string[],
  accounts: Map<string, Account>,
): Promise<{ acting: string[]; warnings: string[] }> {
  const active = accountIds.filter((id) => accounts.get(id)?.status === 'active');
  const inactive = accountIds.filter((id) => accounts.get(id)?.status !== 'active');
  const limit = deps.accountBacklogLimit;
  if (limit === undefined || active.length === 0) {
    return { acting: active, warnings: leftOutWarning(inactive, 'not active (paused, or removed from the workspace)') };
  }
  const backlogs = await getBacklogs(deps.db, job.workspaceId, active);
  const atLimit = active.filter((id) => (backlogs.get(id) ?? 0) >= limit);
  const existing = atLimit.length ? await existingActionAccounts(deps.db, job.workspaceId, job.jobId, atLimit) : new Set<string>();
  const full = atLimit.filter((id) => !existing.has(id));
  return {
    acting: active.filter((id) => !full.includes(id)),
    warnings: [
      ...leftOutWarning(inactive, 'not active (paused, or removed from the workspace)'),
      ...leftOutWarning(full, `each has as much work waiting as it may (${limit} actions)`),
    ],
  };
}

/**
 * An action that waits for a person's approval, created with its approval, its link, the
 * `approval.requested` event and the notifications that tell its person in one transaction; a redelivered
 * plan gets the action back as it is (no second approval, no second event, no second notification).
 */
async function planApproval(
  deps: PlanJobDeps,
  plan: {
    job: ApprovableJob;
    action: Action;
    account: Account;
    validForSeconds: number;
    endpoints: () => Promise<WebhookEndpoint[]>;
    now: Date;
  },
): Promise<Action> {
  const { job, action, account, now } = plan;
  const approval = draftApproval(job, account, plan.validForSeconds, now);
  const event = await prepareEvent(
    deps.db,
    job.workspaceId,
    'approval.requested',
    approvalRequestedData(approval, deps.publicBaseUrl ?? ''),
    now,
    {
      endpoints: await plan.endpoints(),
    },
  );
  const waiting: Action = { ...action, status: 'awaiting_approval', notBefore: now.toISOString(), approval: approvalRef(approval) };
  const notifications = deps.notifications
    ? approvalNotificationItems(deps.db, approval, deps.notifications.reminderBeforeSeconds, now)
    : [];
  const stored = await createActionAwaitingApproval(deps.db, waiting, approval, [...event.items, ...notifications]);
  if (stored === waiting) {
    await announceDeliveries(deps, event.deliveries);
    if (deps.notifications) await announceNotification(deps.sqs, deps.notifications.queueUrl, approval);
  }
  return stored;
}
