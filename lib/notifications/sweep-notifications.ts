import type { SQSClient } from '@aws-sdk/client-sqs';
import type { NotifyApprovalMessage } from '../queue/messages';
import { sendMessages } from '../queue/send';
import { listDueNotifications, postponeNotification } from '../store/approval-notifications';
import type { Db } from '../store/client';

export interface NotificationSweepDeps {
  db: Db;
  sqs: SQSClient;
  notificationsQueueUrl: string;
  /** A request due this long ago and not done is queued again (its message may be lost); a reminder is queued when due. */
  graceSeconds?: number;
  /** When to look again at one sent now and still not done. */
  resendAfterSeconds?: number;
}

/**
 * The scheduled sweep of notifications: queues those that are due and not done, that is each reminder
 * when its time comes (further off than SQS can delay a message), and each request whose message
 * was lost. The worker's claim makes a second message for the same notification harmless.
 */
export async function sweepDueNotifications(deps: NotificationSweepDeps, now = new Date()): Promise<{ sent: number }> {
  // A reminder goes when due; a request only once its own message had time to arrive.
  const requestsBefore = now.getTime() - (deps.graceSeconds ?? 30) * 1000;
  const due = (await listDueNotifications(deps.db, now)).filter(
    (notification) => notification.purpose === 'reminder' || Date.parse(notification.dueAt) < requestsBefore,
  );
  if (due.length === 0) return { sent: 0 };
  await sendMessages(
    deps.sqs,
    'notifications',
    deps.notificationsQueueUrl,
    due.map(({ workspaceId, approvalId, purpose }): { body: NotifyApprovalMessage } => ({
      body: { v: 1, workspaceId, approvalId, purpose },
    })),
  );
  const later = new Date(now.getTime() + (deps.resendAfterSeconds ?? 300) * 1000);
  for (const notification of due) await postponeNotification(deps.db, notification, later);
  return { sent: due.length };
}
