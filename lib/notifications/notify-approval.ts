import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { publicUrl } from '../http/links';
import { logger } from '../log';
import type { NotifyApprovalMessage } from '../queue/messages';
import { LAST_DELIVERY } from '../queue/sqs-worker';
import { getAccount } from '../store/accounts';
import type { ApprovalNotification, NotificationChannel } from '../store/approval-notifications';
import {
  claimNotification,
  finishNotification,
  getNotification,
  recordChannel,
  releaseNotification,
} from '../store/approval-notifications';
import { approvalPath, getApproval } from '../store/approvals';
import type { Db } from '../store/client';
import { getWorkspace } from '../store/workspaces';
import { approvalEmail, approvalSlackText, type ApprovalMessageInput } from './approval-message';
import { postSlack } from './post-slack';
import { sendEmail } from './send-email';

export interface NotifyApprovalDeps {
  db: Db;
  ses: SESv2Client;
  /** The verified SES sender (NOTIFY_FROM_EMAIL); empty: no email is sent. */
  fromEmail: string;
  /** Where the approval page is (PUBLIC_BASE_URL); empty: nothing is sent, a relative link would not open. */
  publicBaseUrl: string;
  /** Where Slack posts really go (SLACK_WEBHOOK_ORIGIN). */
  slackOrigin: string;
  slackTimeoutMs: number;
  /** How long one delivery holds a notification. */
  leaseSeconds: number;
  now?: () => Date;
}

export type NotifyOutcome = 'sent' | 'failed' | 'skipped' | 'not_claimed';

/**
 * One delivery of a notification message: tells the approval's person, on each channel set up (the
 * account's `ownerEmail`, the workspace's `slackWebhookUrl`), that it waits for them.
 *
 * - Only while the approval is pending: a decided, expired or cancelled one sends nothing more.
 * - The notification is claimed first (a lease), so two deliveries of the same message never send at once,
 *   and each channel's success is recorded as soon as it is sent, so a redelivery sends only the
 *   channels not yet sent: the person is told once. (A crash between the provider's acceptance and
 *   that record is the one moment a channel could be sent twice.)
 * - A channel that fails is retried with the message (SQS); on the queue's last delivery it is
 *   recorded `failed` on the approval instead. The approval and its action never depend on it.
 */
export async function notifyApproval(deps: NotifyApprovalDeps, message: NotifyApprovalMessage, receiveCount = 1): Promise<NotifyOutcome> {
  const now = deps.now?.() ?? new Date();
  const notification = await getNotification(deps.db, message.workspaceId, message.approvalId, message.purpose);
  if (!notification || notification.status === 'done') return 'not_claimed';
  // Not due, or held by another delivery (which finishes it, or the sweep sends it again once its lease is over).
  if (!(await claimNotification(deps.db, notification, deps.leaseSeconds, now))) return 'not_claimed';

  const approval = await getApproval(deps.db, notification.workspaceId, notification.approvalId);
  if (!approval || approval.status !== 'pending') {
    await finishNotification(deps.db, notification, 'approval_closed');
    return 'skipped';
  }
  if (!deps.publicBaseUrl) {
    logger.warn('approval not notified: PUBLIC_BASE_URL is not set, so its link would not open', { approvalId: approval.approvalId });
    await finishNotification(deps.db, notification, 'no_public_base_url');
    return 'skipped';
  }
  const [account, workspace] = await Promise.all([
    getAccount(deps.db, approval.workspaceId, approval.accountId),
    getWorkspace(deps.db, approval.workspaceId),
  ]);
  const input: ApprovalMessageInput = {
    approval,
    purpose: notification.purpose,
    link: publicUrl(deps.publicBaseUrl, approvalPath(approval.token)),
  };
  const senders: Partial<Record<NotificationChannel, () => Promise<void>>> = {};
  const ownerEmail = account?.ownerEmail;
  if (ownerEmail && deps.fromEmail) {
    senders.email = () => sendEmail(deps.ses, { from: deps.fromEmail, to: ownerEmail, message: approvalEmail(input) });
  }
  const slackWebhookUrl = workspace?.settings.slackWebhookUrl;
  if (slackWebhookUrl) {
    senders.slack = () =>
      postSlack(slackWebhookUrl, approvalSlackText(input), { origin: deps.slackOrigin, timeoutMs: deps.slackTimeoutMs });
  }
  if (Object.keys(senders).length === 0) {
    await finishNotification(deps.db, notification, 'no_channel');
    return 'skipped';
  }
  // A redelivery sends only what a delivery before it did not.
  const channels = (Object.keys(senders) as NotificationChannel[]).filter((channel) => notification.channels[channel]?.status !== 'sent');

  const failures = await sendEach(deps, notification, channels, senders, now);
  if (failures.length === 0) {
    await finishNotification(deps.db, notification);
    return 'sent';
  }
  if (receiveCount < LAST_DELIVERY) {
    // Let the next delivery take it at once, rather than when this lease ends.
    await releaseNotification(deps.db, notification);
    throw new Error(
      `notifying approval ${notification.approvalId} failed on ${failures.map((f) => f.channel).join(', ')}; it will be retried`,
    );
  }
  for (const failure of failures)
    await recordChannel(deps.db, notification, failure.channel, { status: 'failed', error: failure.error }, now);
  await finishNotification(deps.db, notification);
  return 'failed';
}

async function sendEach(
  deps: NotifyApprovalDeps,
  notification: ApprovalNotification,
  channels: readonly NotificationChannel[],
  senders: Partial<Record<NotificationChannel, () => Promise<void>>>,
  now: Date,
): Promise<Array<{ channel: NotificationChannel; error: string }>> {
  const failures: Array<{ channel: NotificationChannel; error: string }> = [];
  for (const channel of channels) {
    try {
      await senders[channel]!();
    } catch (error) {
      logger.warn('approval notification failed', { approvalId: notification.approvalId, channel, error: error as Error });
      failures.push({ channel, error: (error as Error).message.slice(0, 300) });
      continue;
    }
    await recordChannel(deps.db, notification, channel, { status: 'sent' }, now);
  }
  return failures;
}
