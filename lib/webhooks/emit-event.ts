import type { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../config';
import { newId } from '../ids';
import { logger } from '../log';
import type { DeliverWebhookMessage } from '../queue/messages';
import { sendMessages } from '../queue/send';
import type { Db } from '../store/client';
import { transactIfCurrent } from '../store/condition-failed';
import { epochSeconds, keys } from '../store/keys';
import type { TransactItem } from '../store/transact';
import type { DeliveryKey } from '../store/webhook-deliveries';
import { DELIVERY_RETENTION_DAYS, newDelivery, putDeliveryItem } from '../store/webhook-deliveries';
import type { WebhookEndpoint } from '../store/webhooks';
import { listWebhooks } from '../store/webhooks';
import type { WebhookEvent, WebhookEventData } from '../schemas/responses/webhook-events';
import type { SubscribableEventType, WebhookEventType } from './model/event-types';

/** What emitting an event needs: the table, and the webhooks queue to announce its deliveries on at once. */
export interface EventDeps {
  db: Db;
  sqs?: SQSClient;
  /** Without it (or `sqs`) the deliveries are still written, and the sweep sends them within a minute. */
  webhooksQueueUrl?: string;
  /** The API's public address, for the links in events; relative links when empty. */
  publicBaseUrl?: string;
}

/** Where events are announced, and the links they carry, as configured. */
export function eventDeps(config: Pick<Config, 'WEBHOOKS_QUEUE_URL' | 'PUBLIC_BASE_URL'>): {
  webhooksQueueUrl: string;
  publicBaseUrl: string;
} {
  return { webhooksQueueUrl: config.WEBHOOKS_QUEUE_URL, publicBaseUrl: config.PUBLIC_BASE_URL };
}

/** An event and the writes of its deliveries, to commit in the same transaction as the change it tells of. */
export interface PreparedEvent {
  event: WebhookEvent;
  items: TransactItem[];
  deliveries: DeliveryKey[];
}

export interface PrepareOptions {
  /** Emit once per key: a second event with it is refused by the transaction (a provider webhook seen twice). */
  dedupeKey?: string;
  /** The workspace's endpoints, when already read (several events of one job). */
  endpoints?: WebhookEndpoint[];
  /** These endpoints only, whatever they subscribed to (a `ping`). */
  to?: WebhookEndpoint[];
  /** Not to this endpoint (the one being disabled). */
  except?: string;
}

/**
 * Prepares an event for the workspace's enabled endpoints subscribed to its type: one pending
 * delivery each. Written in the transaction of the change it reports (`commitWithEvents`), so
 * an event exists exactly when its change does: never lost by a crash between the two, never
 * doubled by a redelivered message. No endpoint, no write.
 */
export async function prepareEvent<T extends WebhookEventType>(
  db: Db,
  workspaceId: string,
  type: T,
  data: WebhookEventData<T>,
  now: Date,
  options: PrepareOptions = {},
): Promise<PreparedEvent> {
  const endpoints =
    options.to ??
    (options.endpoints ?? (await listWebhooks(db, workspaceId))).filter(
      (endpoint) =>
        endpoint.status === 'enabled' && endpoint.events.includes(type as SubscribableEventType) && endpoint.webhookId !== options.except,
    );
  const typed: WebhookEvent<T> = { id: newId('evt'), type, timestamp: now.toISOString(), workspaceId, data };
  // An event of one type is an event: the compiler cannot relate a member picked by a generic type
  // to the union of all of them, so it is told; `typed` above is what checks the data against its type.
  const event = typed as WebhookEvent;
  const deliveries = endpoints.map((endpoint) => ({ workspaceId, webhookId: endpoint.webhookId, deliveryId: newId('dlv') }));
  const items = deliveries.map((delivery) => putDeliveryItem(db, newDelivery(delivery, event, now)));
  if (options.dedupeKey && items.length > 0) {
    items.push({
      Put: {
        TableName: db.table,
        Item: {
          ...keys.eventOnce(workspaceId, options.dedupeKey),
          eventId: event.id,
          expiresAt: epochSeconds(now) + DELIVERY_RETENTION_DAYS * 86400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  return { event, items, deliveries };
}

/**
 * Sends the deliveries' first attempt now. Best effort: a lost send leaves the delivery due in
 * the table, where the sweep finds it.
 */
export async function announceDeliveries(deps: EventDeps, deliveries: DeliveryKey[]): Promise<void> {
  if (!deps.sqs || !deps.webhooksQueueUrl || deliveries.length === 0) return;
  const messages = deliveries.map((delivery): { body: DeliverWebhookMessage } => ({ body: { v: 1, ...delivery } }));
  await sendMessages(deps.sqs, 'webhooks', deps.webhooksQueueUrl, messages).catch((error: unknown) =>
    logger.warn('could not enqueue webhook deliveries; the sweep will', { count: deliveries.length, error: error as Error }),
  );
}

/**
 * Commits a change and the events that report it in one transaction, then announces their
 * deliveries. False (and nothing written) when a condition of the change refused it.
 */
export async function commitWithEvents(deps: EventDeps, items: TransactItem[], events: PreparedEvent[]): Promise<boolean> {
  const all = [...items, ...events.flatMap((prepared) => prepared.items)];
  if (all.length === 0) return true;
  if (!(await transactIfCurrent(deps.db, all))) return false;
  await announceDeliveries(
    deps,
    events.flatMap((prepared) => prepared.deliveries),
  );
  return true;
}

/** An event that is a change of its own (a provider's webhook, a test ping): prepared and committed alone. */
export async function emitEvent<T extends WebhookEventType>(
  deps: EventDeps,
  workspaceId: string,
  type: T,
  data: WebhookEventData<T>,
  now: Date,
  options: PrepareOptions = {},
): Promise<PreparedEvent | undefined> {
  const prepared = await prepareEvent(deps.db, workspaceId, type, data, now, options);
  return (await commitWithEvents(deps, [], [prepared])) ? prepared : undefined;
}
