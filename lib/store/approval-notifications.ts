import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationSending } from './approvals';
import type { Db } from './client';
import { writeIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import type { TransactItem } from './transact';
import { transactWrite } from './transact';

/**
 * Telling a person that an approval waits for them is a step of its own: a notification item per purpose
 * (`request` when the approval is made, `reminder` before it expires), written in the approval's
 * own transaction so that none is lost, sent by the notifications worker, and found again by the
 * sweep while it is due and not sent (a reminder, or a request whose message was lost). Each
 * channel's outcome is kept on the notification (so a redelivery sends only what was not sent) and on
 * the approval (so the API shows it).
 */
export type NotificationPurpose = NotificationSending['purpose'];
export type NotificationChannel = NotificationSending['channel'];

export interface ApprovalNotification {
  workspaceId: string;
  approvalId: string;
  purpose: NotificationPurpose;
  /** `pending` until every channel was sent, failed for good, or there was nothing to send. */
  status: 'pending' | 'done';
  dueAt: string;
  /** What each channel did; a channel `sent` is never sent again. */
  channels: Partial<Record<NotificationChannel, { status: 'sent' | 'failed'; at: string; error?: string }>>;
  /** Why nothing (more) was sent: `approval_closed`, `no_channel`. */
  skipped?: string;
  /** A worker holds it until then (its lease), so two deliveries never send at once. */
  leaseUntil?: string;
  /** TTL (epoch seconds): as long as its approval. */
  expiresAt: number;
}

function notificationItem(notification: ApprovalNotification): Record<string, unknown> {
  return {
    ...keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
    ...keys.dueNotificationIndex(notification.dueAt, notification.workspaceId, notification.approvalId, notification.purpose),
    ...notification,
  };
}

/**
 * The notifications of a new approval, as transaction items: its request, due at once, and its reminder,
 * due `reminderBeforeSeconds` before the approval expires (none when that is not later than now).
 */
export function approvalNotificationItems(
  db: Db,
  approval: { workspaceId: string; approvalId: string; validUntil: string; expiresAt: number },
  reminderBeforeSeconds: number,
  now: Date,
): TransactItem[] {
  const base = {
    workspaceId: approval.workspaceId,
    approvalId: approval.approvalId,
    status: 'pending' as const,
    channels: {},
    expiresAt: approval.expiresAt,
  };
  const notifications: ApprovalNotification[] = [{ ...base, purpose: 'request', dueAt: now.toISOString() }];
  const remindAt = new Date(Date.parse(approval.validUntil) - reminderBeforeSeconds * 1000);
  if (reminderBeforeSeconds > 0 && remindAt > now) notifications.push({ ...base, purpose: 'reminder', dueAt: remindAt.toISOString() });
  return notifications.map((notification) => ({
    Put: { TableName: db.table, Item: notificationItem(notification), ConditionExpression: 'attribute_not_exists(pk)' },
  }));
}

export async function getNotification(
  db: Db,
  workspaceId: string,
  approvalId: string,
  purpose: NotificationPurpose,
): Promise<ApprovalNotification | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.approvalNotification(workspaceId, approvalId, purpose), ConsistentRead: true }),
  );
  return Item ? toApprovalNotification(Item) : undefined;
}

/**
 * Takes a pending notification that is due for `leaseSeconds`: false when it is done, not due yet, or
 * another delivery holds it.
 */
export async function claimNotification(db: Db, notification: ApprovalNotification, leaseSeconds: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: '#status = :pending AND dueAt <= :at AND (attribute_not_exists(leaseUntil) OR leaseUntil < :at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
          ':pending': 'pending',
          ':at': at,
        },
      }),
    ),
  );
}

/**
 * Records what one channel did, on the notification and, in the same transaction, at the end of the
 * approval's `notifications`.
 */
export async function recordChannel(
  db: Db,
  notification: ApprovalNotification,
  channel: NotificationChannel,
  outcome: { status: 'sent' | 'failed'; error?: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const entry: NotificationSending = {
    channel,
    purpose: notification.purpose,
    status: outcome.status,
    at,
    ...(outcome.error ? { error: outcome.error } : {}),
  };
  await transactWrite(db, [
    {
      Update: {
        TableName: db.table,
        Key: keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
        UpdateExpression: 'SET channels.#channel = :entry',
        ExpressionAttributeNames: { '#channel': channel },
        ExpressionAttributeValues: { ':entry': { status: outcome.status, at, ...(outcome.error ? { error: outcome.error } : {}) } },
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: keys.approval(notification.workspaceId, notification.approvalId),
        UpdateExpression: 'SET notifications = list_append(if_not_exists(notifications, :none), :entry)',
        ExpressionAttributeValues: { ':none': [], ':entry': [entry] },
      },
    },
  ]);
}

/** Ends a notification: nothing more to send (`skipped` says why when nothing was). It leaves the sweep's index. */
export async function finishNotification(db: Db, notification: ApprovalNotification, skipped?: string): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
      UpdateExpression: `SET #status = :done${skipped ? ', skipped = :skipped' : ''} REMOVE gsi1pk, gsi1sk, leaseUntil`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ...(skipped ? { ':skipped': skipped } : {}) },
    }),
  );
}

/** Pending notifications due before `before`, oldest first. */
export async function listDueNotifications(db: Db, before: Date, limit = 500): Promise<ApprovalNotification[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
      ExpressionAttributeValues: { ':p': 'NOTICE_DUE', ':before': before.toISOString() },
      Limit: limit,
    }),
  );
  return Items.map(toApprovalNotification);
}

/** Moves a pending notification's place in the sweep's index, so the next sweep does not send it again at once. */
export async function postponeNotification(db: Db, notification: ApprovalNotification, until: Date): Promise<void> {
  await writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
        UpdateExpression: 'SET gsi1sk = :gsk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':gsk': keys.dueNotificationIndex(until.toISOString(), notification.workspaceId, notification.approvalId, notification.purpose)
            .gsi1sk,
          ':pending': 'pending',
        },
      }),
    ),
  );
}

/** Gives a notification's lease back, so the next delivery may take it at once. */
export async function releaseNotification(db: Db, notification: ApprovalNotification): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.approvalNotification(notification.workspaceId, notification.approvalId, notification.purpose),
      UpdateExpression: 'REMOVE leaseUntil',
    }),
  );
}

/** A notification from its item (stored-entity.ts). */
const toApprovalNotification = entityReader<ApprovalNotification>()([
  'workspaceId',
  'approvalId',
  'purpose',
  'channels',
  'status',
  'dueAt',
  'leaseUntil',
  'skipped',
  'expiresAt',
]);
