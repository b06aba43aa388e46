import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEvent } from '../schemas/responses/webhook-events';
import type { Db } from './client';
import { isConditionFailed, writeIfConditionHolds } from './condition-failed';
import { epochSeconds, keys } from './keys';
import { entityReader } from './stored-entity';
import type { TransactItem } from './transact';

/** How long deliveries are kept to be read (`GET /webhooks/{id}/deliveries`) and re-sent. */
export const DELIVERY_RETENTION_DAYS = 30;
/** Attempts a delivery keeps the details of (the newest); `attemptCount` counts them all. */
export const KEPT_ATTEMPTS = 20;

/** One try to deliver: what the endpoint answered (or why nothing came back), and how fast. */
export interface DeliveryAttempt {
  at: string;
  statusCode?: number;
  latencyMs: number;
  ok: boolean;
  /** A slug when it failed: `timeout`, `http_status`, `blocked_address`, `redirect_not_followed`, … */
  error?: string;
  message?: string;
  /** The first characters of the response body, never more. */
  responseExcerpt?: string;
}

/** One event on its way to one endpoint: retried until a 2xx, or until the retry window ends (`failed`). */
export interface WebhookDelivery {
  workspaceId: string;
  webhookId: string;
  /** `dlv_<ULID>`: newest-first listing follows it. */
  deliveryId: string;
  event: WebhookEvent;
  status: 'pending' | 'succeeded' | 'failed';
  /** Every attempt so far, over all rounds; claims are conditioned on it so one attempt runs at a time. */
  attemptCount: number;
  /** A round is the first delivery or a re-send: its retries stop when the window from its start ends. */
  roundStartedAt: string;
  roundAttempts: number;
  /** When the next attempt is due, while pending. */
  nextAttemptAt?: string;
  attempts: DeliveryAttempt[];
  failureReason?: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  expiresAt: number;
}

export type DeliveryKey = Pick<WebhookDelivery, 'workspaceId' | 'webhookId' | 'deliveryId'>;

const key = (delivery: DeliveryKey) => keys.webhookDelivery(delivery.workspaceId, delivery.webhookId, delivery.deliveryId);
const dueIndex = (delivery: DeliveryKey, dueAt: string) =>
  keys.dueDeliveryIndex(dueAt, delivery.workspaceId, delivery.webhookId, delivery.deliveryId);
/** A delivery from its item (stored-entity.ts). */
const toDelivery = entityReader<WebhookDelivery>()([
  'workspaceId',
  'webhookId',
  'deliveryId',
  'event',
  'status',
  'attemptCount',
  'attempts',
  'nextAttemptAt',
  'roundStartedAt',
  'roundAttempts',
  'failureReason',
  'createdAt',
  'updatedAt',
  'finishedAt',
  'expiresAt',
]);

/** A new delivery, due now, as a transaction item (it is written with the change that caused its event). */
export function newDelivery(delivery: DeliveryKey, event: WebhookEvent, now: Date): WebhookDelivery {
  const at = now.toISOString();
  return {
    ...delivery,
    event,
    status: 'pending',
    attemptCount: 0,
    roundStartedAt: at,
    roundAttempts: 0,
    nextAttemptAt: at,
    attempts: [],
    createdAt: at,
    updatedAt: at,
    expiresAt: epochSeconds(now) + DELIVERY_RETENTION_DAYS * 86400,
  };
}

export function putDeliveryItem(db: Db, delivery: WebhookDelivery): TransactItem {
  return {
    Put: {
      TableName: db.table,
      Item: { ...key(delivery), ...dueIndex(delivery, delivery.nextAttemptAt ?? delivery.createdAt), ...delivery },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getDelivery(db: Db, delivery: DeliveryKey): Promise<WebhookDelivery | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key(delivery), ConsistentRead: true }));
  return Item ? toDelivery(Item) : undefined;
}

/**
 * An update of a delivery that is still pending at attempt `attemptCount`: false when it has moved
 * on (another attempt claimed it, recorded its attempt or ended it). Every step of a delivery is
 * conditioned so, which is what lets one attempt run at a time. `#status` is the status.
 */
function updateIfStillAt(
  db: Db,
  delivery: DeliveryKey,
  attemptCount: number,
  update: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(delivery),
        UpdateExpression: update,
        ConditionExpression: '#status = :pending AND attemptCount = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...values, ':pending': 'pending', ':seen': attemptCount },
      }),
    ),
  );
}

/**
 * Takes the delivery for attempt `attemptCount + 1`: only one claim per attempt number succeeds,
 * so duplicate messages (a sweep's re-send, SQS's at-least-once) never make two attempts. Its due
 * time moves past the attempt's longest run, so a crash mid-attempt is picked up by the sweep.
 */
export async function claimDeliveryAttempt(db: Db, delivery: WebhookDelivery, now: Date, holdSeconds: number): Promise<boolean> {
  const retryAt = new Date(now.getTime() + holdSeconds * 1000).toISOString();
  return updateIfStillAt(
    db,
    delivery,
    delivery.attemptCount,
    'SET attemptCount = attemptCount + :one, roundAttempts = roundAttempts + :one, nextAttemptAt = :retryAt, gsi1sk = :gsk, updatedAt = :at',
    { ':one': 1, ':retryAt': retryAt, ':gsk': dueIndex(delivery, retryAt).gsi1sk, ':at': now.toISOString() },
  );
}

export type DeliveryOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; reason: string }
  /** Try again at `nextAttemptAt`; `dueAt` is when the sweep should re-send it (later when a delayed message is on its way). */
  | { status: 'pending'; nextAttemptAt: Date; dueAt: Date };

/** Records the attempt claimed as number `attemptNumber` and what follows it; false if someone else already did. */
export async function recordDeliveryAttempt(
  db: Db,
  delivery: WebhookDelivery,
  attemptNumber: number,
  attempt: DeliveryAttempt,
  outcome: DeliveryOutcome,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const attempts = [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS);
  const values: Record<string, unknown> = { ':attempts': attempts, ':status': outcome.status, ':at': at };
  let update = 'SET attempts = :attempts, #status = :status, updatedAt = :at';
  if (outcome.status === 'pending') {
    update += ', nextAttemptAt = :next, gsi1sk = :gsk';
    values[':next'] = outcome.nextAttemptAt.toISOString();
    values[':gsk'] = dueIndex(delivery, outcome.dueAt.toISOString()).gsi1sk;
  } else {
    update += ', finishedAt = :at';
    if (outcome.status === 'failed') {
      update += ', failureReason = :reason';
      values[':reason'] = outcome.reason;
    }
    update += ' REMOVE nextAttemptAt, gsi1pk, gsi1sk';
  }
  return updateIfStillAt(db, delivery, attemptNumber, update, values);
}

/** Ends a pending delivery without an attempt (its endpoint was deleted or disabled). */
export async function endDeliveryUnattempted(db: Db, delivery: WebhookDelivery, reason: string, now: Date): Promise<boolean> {
  return updateIfStillAt(
    db,
    delivery,
    delivery.attemptCount,
    'SET #status = :failed, failureReason = :reason, finishedAt = :at, updatedAt = :at REMOVE nextAttemptAt, gsi1pk, gsi1sk',
    { ':failed': 'failed', ':reason': reason, ':at': now.toISOString() },
  );
}

/** What a restart did: the delivery restarted, or the status that refused it (undefined: no such delivery). */
export type RestartOutcome = { restarted: WebhookDelivery } | { refusedStatus: string | undefined };

/**
 * failed → pending, due now, in a new round (same event, same `webhook-id`). Refused unless it had
 * failed; the refusal carries the item as it is (ReturnValuesOnConditionCheckFailure), so telling
 * "no such delivery" from "not failed" needs no read before the write.
 */
export async function restartDelivery(db: Db, delivery: DeliveryKey, now: Date): Promise<RestartOutcome> {
  const at = now.toISOString();
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(delivery),
        UpdateExpression:
          'SET #status = :pending, roundStartedAt = :at, roundAttempts = :zero, nextAttemptAt = :at, gsi1pk = :gpk, gsi1sk = :gsk, updatedAt = :at, ' +
          'expiresAt = :expires REMOVE failureReason, finishedAt',
        // False for a missing item too: a restart never creates one.
        ConditionExpression: '#status = :failed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':failed': 'failed',
          ':zero': 0,
          ':at': at,
          ':gpk': dueIndex(delivery, at).gsi1pk,
          ':gsk': dueIndex(delivery, at).gsi1sk,
          ':expires': epochSeconds(now) + DELIVERY_RETENTION_DAYS * 86400,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { restarted: toDelivery(Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The exception's item is not unmarshalled by the document client: a raw attribute map.
    const item = error instanceof ConditionalCheckFailedException ? error.Item : undefined;
    return { refusedStatus: item?.status?.S };
  }
}

export interface DeliveryPage {
  items: WebhookDelivery[];
  /** The last delivery id of the page, when there may be more. */
  next?: string;
}

/** A page of an endpoint's deliveries, newest first. */
export async function listDeliveries(db: Db, workspaceId: string, webhookId: string, limit: number, after?: string): Promise<DeliveryPage> {
  const { pk } = keys.webhookDelivery(workspaceId, webhookId, '');
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': pk, ':s': 'DELIVERY#' },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: keys.webhookDelivery(workspaceId, webhookId, after) } : {}),
    }),
  );
  const items = Items.map(toDelivery);
  return { items, next: LastEvaluatedKey && items.length ? items[items.length - 1]!.deliveryId : undefined };
}

/**
 * Deliveries due by `before`, the most overdue first, at most `limit` (the next sweep takes the
 * rest): their message may be lost, or their wait was longer than SQS can delay.
 */
export async function listDueDeliveries(db: Db, before: Date, limit = 500): Promise<WebhookDelivery[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
      ExpressionAttributeValues: { ':p': 'WEBHOOK_DUE', ':before': before.toISOString() },
      Limit: limit,
    }),
  );
  return Items.map(toDelivery);
}

/** Moves a pending delivery's due time (the sweep sent its message; re-send later only if it is still not claimed). */
export async function postponeDue(db: Db, delivery: WebhookDelivery, dueAt: Date): Promise<void> {
  await updateIfStillAt(db, delivery, delivery.attemptCount, 'SET gsi1sk = :gsk', {
    ':gsk': dueIndex(delivery, dueAt.toISOString()).gsi1sk,
  });
}
