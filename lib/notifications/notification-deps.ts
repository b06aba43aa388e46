import { getConfig } from '../config';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import type { NotifyApprovalDeps } from './notify-approval';
import { defaultSes } from './send-email';
import type { NotificationSweepDeps } from './sweep-notifications';

/** A Slack post that takes longer than this failed (and is retried with its message). */
const SLACK_TIMEOUT_MS = 10_000;
/** One delivery holds a notification this long: past the worker's timeout, so a crashed one's lease ends before its message returns. */
const NOTIFICATION_LEASE_SECONDS = 60;

/** Dependencies of the notifications worker as deployed: built once per cold start. */
export function defaultNotifyApprovalDeps(): NotifyApprovalDeps {
  const config = getConfig();
  return {
    db: defaultDb(),
    ses: defaultSes(),
    fromEmail: config.NOTIFY_FROM_EMAIL,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    slackOrigin: config.SLACK_WEBHOOK_ORIGIN,
    slackTimeoutMs: SLACK_TIMEOUT_MS,
    leaseSeconds: NOTIFICATION_LEASE_SECONDS,
  };
}

export function defaultNotificationSweepDeps(): NotificationSweepDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), notificationsQueueUrl: config.NOTIFICATIONS_QUEUE_URL };
}
