import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import type { PlanJobMessage, RunActionMessage } from '../../queue/messages';
import { sendMessages } from '../../queue/send';
import { LAST_DELIVERY } from '../../queue/sqs-worker';
import type { Account } from '../../store/accounts';
import { getAccounts } from '../../store/accounts';
import type { Action } from '../../store/actions';
import { createActionOnce } from '../../store/actions';
import type { Db } from '../../store/client';
import { approvalRef, createActionAwaitingApproval } from '../../store/approvals';
import type { WebhookEndpoint } from '../../store/webhooks';
import { listWebhooks } from '../../store/webhooks';
import type { EventDeps } from '../../webhooks/emit-event';
import { announceNotice } from '../../notifications/announce-notice';
import { approvalNoticeItems } from '../../store/approval-notices';
import { announceDeliveries, prepareEvent } from '../../webhooks/emit-event';
import { approvalRequestedData } from '../../webhooks/event-data';
import { markJobPlanned, takeQueuedJob } from '../../store/jobs';
import { finishJobIfDone } from '../jobs/finish-job';
import { getWorkspace } from '../../store/workspaces';
import type { ApprovableJob } from './approval-draft';
import { draftApproval, jobToApprove } from './approval-draft';
import { failJobNamedBy } from '../jobs/fail-unreadable-job';
import { pacingOffsetMs } from './pacing';

export interface PlanJobDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  defaultPacingWindowSeconds: number;
  /** How long an approval waits for a decision, unless the workspace says otherwise. */
  approvalExpirySeconds: number;
  /**
   * Telling an approval's person (email, Slack): its notices are made with it, and the request
   * queued at once. Absent: no notice is made (tests of planning alone).
   */
  notifications?: { queueUrl: string; reminderBeforeSeconds: number };
}

/**
 * Jobs worker: fans a queued job out to one action per account, each scheduled at a paced time,
 * and enqueues them; an action that needs a person's approval first waits for it instead (with its
 * approval and link made in the same transaction). A job of one account is not paced. Idempotent: a redelivered message finds the job planned and stops, and a
 * plan interrupted half-way is finished by the redelivery (actions are created once).
 */
export async function planJob(deps: PlanJobDeps, message: PlanJobMessage, now = new Date()): Promise<void> {
  const { workspaceId, jobId } = message;
  // Taken only while still queued, before anything is created: a job the sweep failed (its
  // request never completed) or one planned already is left as it is.
  const job = await takeQueuedJob(deps.db, workspaceId, jobId);
  if (!job) {
    // Mostly a redelivery of a plan that finished; no read to tell that from a missing job.
    logger.info('job to plan is not queued (planned already, ended, or missing); dropping the message', { workspaceId, jobId });
    return;
  }

  const workspace = await getWorkspace(deps.db, workspaceId);
  const windowSeconds = job.total > 1 ? (workspace?.settings.pacingWindowSeconds ?? deps.defaultPacingWindowSeconds) : 0;
  const approvalSeconds = workspace?.settings.approvalExpirySeconds ?? deps.approvalExpirySeconds;
  const accounts = new Map((await getAccounts(deps.db, workspaceId, job.accountIds)).map((account) => [account.accountId, account]));
  const at = now.toISOString();
  // Read once, and only if an action needs an approval (its event goes to them).
  let endpointsRead: Promise<WebhookEndpoint[]> | undefined;
  const endpoints = () => (endpointsRead ??= listWebhooks(deps.db, workspaceId));

  const actions: Action[] = [];
  for (let i = 0; i < job.accountIds.length; i += 25) {
    const chunk = job.accountIds.slice(i, i + 25);
    actions.push(
      ...(await Promise.all(
        chunk.map((accountId) => {
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
          const toApprove = account && jobToApprove(job, account);
          if (!account || !toApprove) return createActionOnce(deps.db, action);
          return planApproval(deps, { job: toApprove, action, account, validForSeconds: approvalSeconds, endpoints, now });
        }),
      )),
    );
  }

  await sendMessages(
    deps.sqs,
    deps.actionsQueueUrl,
    actions
      .filter((action) => action.status === 'pending')
      .map((action) => {
        const body: RunActionMessage = { v: 1, workspaceId, jobId, accountId: action.accountId };
        return { body, delaySeconds: (Date.parse(action.notBefore) - now.getTime()) / 1000 };
      }),
  );
  const planned = await markJobPlanned(deps.db, workspaceId, jobId, now);
  // Its actions may all have ended before this (an action due at once, run between its message and
  // this mark): their ends found the job queued and could not finish it, so it finishes here.
  if (planned && planned.remaining === 0) await finishJobIfDone(deps, workspaceId, jobId, now);
}

/**
 * One delivery of a plan message: plans the job; when planning still fails on the queue's last
 * delivery, the job ends `failed` (`planning_failed`, with its event) before the message goes to
 * the DLQ, so it never waits `queued` for a plan that will not come.
 */
export async function planJobDelivery(deps: PlanJobDeps, message: PlanJobMessage, receiveCount: number): Promise<void> {
  try {
    await planJob(deps, message);
  } catch (error) {
    if (receiveCount >= LAST_DELIVERY) {
      logger.error('job planning failed on its last delivery', {
        workspaceId: message.workspaceId,
        jobId: message.jobId,
        error: error as Error,
      });
      await failJobNamedBy(deps, message, PLANNING_FAILED);
    }
    throw error;
  }
}

/** The reason of a job whose planning failed on every delivery of its message. */
export const PLANNING_FAILED = 'planning_failed';

/**
 * An action that waits for a person's approval, created with its approval, its link, the
 * `approval.requested` event and the notices that tell its person in one transaction; a redelivered
 * plan gets the action back as it is (no second approval, no second event, no second notice).
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
  const notices = deps.notifications ? approvalNoticeItems(deps.db, approval, deps.notifications.reminderBeforeSeconds, now) : [];
  const stored = await createActionAwaitingApproval(deps.db, waiting, approval, [...event.items, ...notices]);
  if (stored === waiting) {
    await announceDeliveries(deps, event.deliveries);
    if (deps.notifications) await announceNotice(deps.sqs, deps.notifications.queueUrl, approval);
  }
  return stored;
}
