import type { ApprovalDeps } from '../approvals/decide-approval';
import { getConfig } from '../config';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import { eventDeps } from '../webhooks/emit-event';
import type { PlanJobDeps } from './plan/plan-job';
import type { SubmitJobDeps } from './accept/submit-job';

/**
 * Dependencies of the use cases as deployed: built once per cold start from the configuration.
 * Those that reach the network provider or a secret are in network-deps.ts, so that the other
 * functions' bundles carry neither (nor the SSM client a secret is read with).
 */
export function defaultSubmitJobDeps(): SubmitJobDeps {
  const config = getConfig();
  return {
    db: defaultDb(),
    sqs: defaultSqs(),
    jobsQueueUrl: config.JOBS_QUEUE_URL,
    retentionDays: config.JOB_RETENTION_DAYS,
    accountBacklogLimit: config.ACCOUNT_BACKLOG_LIMIT,
  };
}

export function defaultPlanJobDeps(): PlanJobDeps {
  const config = getConfig();
  return {
    db: defaultDb(),
    sqs: defaultSqs(),
    jobsQueueUrl: config.JOBS_QUEUE_URL,
    actionsQueueUrl: config.ACTIONS_QUEUE_URL,
    accountBacklogLimit: config.ACCOUNT_BACKLOG_LIMIT,
    ...eventDeps(config),
    defaultPacingWindowSeconds: config.PACING_WINDOW_SECONDS,
    approvalExpirySeconds: config.APPROVAL_EXPIRY_SECONDS,
    notifications: { queueUrl: config.NOTIFICATIONS_QUEUE_URL, reminderBeforeSeconds: config.APPROVAL_REMINDER_BEFORE_SECONDS },
  };
}

export function defaultApprovalDeps(): ApprovalDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), actionsQueueUrl: config.ACTIONS_QUEUE_URL, ...eventDeps(config) };
}
