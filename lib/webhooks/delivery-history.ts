import { ConflictError, NotFoundError } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../schemas/page-limit';
import { validateQuery } from '../schemas/validate';
import { DELIVERY_ID_RE, deliveryListQuerySchema } from '../schemas/delivery-list-query';
import type { Db } from '../store/client';
import type { WebhookDelivery } from '../store/webhook-deliveries';
import { getDelivery, listDeliveries, restartDelivery } from '../store/webhook-deliveries';
import type { EventDeps } from './emit-event';
import { announceDeliveries } from './emit-event';
import { requireWebhook, webhookLocation } from './manage-webhooks';

/** A delivery as the API shows it: the event sent, every attempt kept (status, latency, error, a short excerpt). */
export function deliveryView(delivery: WebhookDelivery) {
  return {
    deliveryId: delivery.deliveryId,
    webhookId: delivery.webhookId,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt : undefined,
    failureReason: delivery.failureReason,
    attempts: delivery.attempts,
    event: delivery.event,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
    finishedAt: delivery.finishedAt,
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

/** A page of deliveries; `nextCursor` and `links.next` only when there are more. */
export interface DeliveryPage {
  items: DeliveryView[];
  nextCursor?: string;
  links: { next?: string };
}

/** GET …/deliveries: newest first, a page at a time (kept 30 days). */
export async function listDeliveriesPage(
  db: Db,
  workspaceId: string,
  webhookId: string,
  query: Record<string, string | undefined>,
): Promise<DeliveryPage> {
  const { limit = DEFAULT_PAGE_SIZE, cursor } = validateQuery(deliveryListQuerySchema, query);
  await requireWebhook(db, workspaceId, webhookId);
  const page = await listDeliveries(db, workspaceId, webhookId, limit, cursor);
  const base = `${webhookLocation(webhookId)}/deliveries`;
  return {
    items: page.items.map(deliveryView),
    ...(page.next ? { nextCursor: page.next, links: { next: `${base}?limit=${limit}&cursor=${page.next}` } } : { links: {} }),
  };
}

/**
 * POST …/deliveries/{deliveryId}/resend: a failed delivery starts again (a new round of retries),
 * with the same event and `webhook-id`, so a receiver that did get it can tell. 409 unless failed.
 */
export async function resendDelivery(
  deps: EventDeps,
  workspaceId: string,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<DeliveryView> {
  const endpoint = await requireWebhook(deps.db, workspaceId, webhookId);
  // Made only when thrown: an Error captures a stack trace, a cost every re-sent delivery would pay.
  const notFound = () => new NotFoundError(`No delivery ${JSON.stringify(deliveryId.slice(0, 64))} of this webhook.`);
  if (!DELIVERY_ID_RE.test(deliveryId)) throw notFound();
  const key = { workspaceId, webhookId, deliveryId };
  if (endpoint.status !== 'enabled') {
    // Rare: read only so that a delivery that does not exist is still a 404 here.
    if (!(await getDelivery(deps.db, key))) throw notFound();
    throw new ConflictError('webhook-disabled', 'This webhook is disabled; enable it first (PATCH with "enabled": true).');
  }
  // No read first: the write's condition checks that the delivery failed, and its refusal says why.
  const outcome = await restartDelivery(deps.db, key, now);
  if ('refusedStatus' in outcome) {
    if (outcome.refusedStatus === undefined) throw notFound();
    throw new ConflictError('delivery-not-failed', `This delivery is ${outcome.refusedStatus}; only a failed delivery can be re-sent.`);
  }
  const restarted = outcome.restarted;
  await announceDeliveries(deps, [key]);
  return deliveryView(restarted);
}
