import type { SQSClient } from '@aws-sdk/client-sqs';
import type { LookupFunction } from 'node:net';
import { logger } from '../log';
import { countWebhookDelivery } from '../metrics';
import type { DeliverWebhookMessage } from '../queue/messages';
import { MAX_DELAY_SECONDS, sendMessage } from '../queue/send';
import type { DeliveryAttempt, DeliveryOutcome, WebhookDelivery } from '../store/webhook-deliveries';
import { claimDeliveryAttempt, endDeliveryUnattempted, getDelivery, recordDeliveryAttempt } from '../store/webhook-deliveries';
import type { WebhookEndpoint } from '../store/webhooks';
import { disableFailingWebhookItem, getWebhook, noteWebhookFailing, noteWebhookSucceeding } from '../store/webhooks';
import type { EventDeps } from './emit-event';
import { commitWithEvents, prepareEvent } from './emit-event';
import { webhookDisabledData } from './event-data';
import type { PostOutcome } from './post-webhook';
import { postWebhook } from './post-webhook';
import type { RetrySchedule } from './retry-schedule';
import { nextAttemptAt } from './retry-schedule';
import { signatureHeaders } from './signature';

export interface DeliverWebhookDeps extends EventDeps {
  sqs: SQSClient;
  webhooksQueueUrl: string;
  /** A 2xx must arrive within this long. */
  timeoutMs: number;
  schedule: RetrySchedule;
  /** An endpoint failing every attempt for this long is disabled. */
  disableAfterSeconds: number;
  /** Local mode: loopback receivers may be called. */
  allowLoopback: boolean;
  /** DNS, replaceable in tests. */
  lookup?: LookupFunction;
  random?: () => number;
}

/** The sweep re-sends a delivery whose delayed message is on its way only this long after it was due. */
const SWEEP_GRACE_MS = 120_000;

/**
 * Webhooks worker: one attempt of one delivery. Duplicate messages find the delivery ended, not
 * yet due (sent again, delayed) or claimed by another attempt. A 2xx within the timeout ends it
 * `succeeded`; anything else is retried with backoff and jitter until the retry window ends, then
 * it ends `failed`. An endpoint that has failed every attempt for `disableAfterSeconds` is
 * disabled, and `webhook.disabled` tells the workspace's other endpoints.
 */
export async function deliverWebhook(deps: DeliverWebhookDeps, message: DeliverWebhookMessage, now = new Date()): Promise<void> {
  const delivery = await getDelivery(deps.db, message);
  if (!delivery || delivery.status !== 'pending') return;
  const waitSeconds = (Date.parse(delivery.nextAttemptAt ?? delivery.createdAt) - now.getTime()) / 1000;
  if (waitSeconds > 1) {
    // Delivered early (a wait longer than SQS can delay, or a duplicate while an attempt runs): wait again.
    await sendMessage(deps.sqs, 'webhooks', deps.webhooksQueueUrl, { body: message, delaySeconds: waitSeconds });
    return;
  }
  const endpoint = await getWebhook(deps.db, delivery.workspaceId, delivery.webhookId);
  if (!endpoint || endpoint.status !== 'enabled') {
    await endDeliveryUnattempted(deps.db, delivery, endpoint ? 'endpoint_disabled' : 'endpoint_deleted', now);
    countWebhookDelivery('dropped');
    return;
  }
  if (!(await claimDeliveryAttempt(deps.db, delivery, now, deps.timeoutMs / 1000 + 60))) return;

  const outcome = await send(deps, endpoint, delivery);
  const attempt: DeliveryAttempt = {
    at: now.toISOString(),
    ok: outcome.ok,
    latencyMs: outcome.latencyMs,
    ...(outcome.statusCode !== undefined ? { statusCode: outcome.statusCode } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(outcome.responseExcerpt ? { responseExcerpt: outcome.responseExcerpt } : {}),
  };
  const finished = new Date(now.getTime() + outcome.latencyMs);
  if (outcome.ok) {
    countWebhookDelivery('delivered');
    await recordDeliveryAttempt(deps.db, delivery, delivery.attemptCount + 1, attempt, { status: 'succeeded' }, finished);
    await noteWebhookSucceeding(deps.db, endpoint);
    return;
  }

  const next = nextAttemptAt(deps.schedule, new Date(delivery.roundStartedAt), delivery.roundAttempts + 1, finished, deps.random);
  const delaySeconds = next ? (next.getTime() - finished.getTime()) / 1000 : 0;
  const sendsNow = next !== undefined && delaySeconds <= MAX_DELAY_SECONDS;
  const ending: DeliveryOutcome = next
    ? { status: 'pending', nextAttemptAt: next, dueAt: sendsNow ? new Date(next.getTime() + SWEEP_GRACE_MS) : next }
    : { status: 'failed', reason: 'retries_exhausted' };
  countWebhookDelivery(next ? 'retried' : 'failed');
  if (await recordDeliveryAttempt(deps.db, delivery, delivery.attemptCount + 1, attempt, ending, finished)) {
    // Should this send be lost, the delivery is due in the table a little later, and the sweep sends it.
    if (sendsNow) await sendMessage(deps.sqs, 'webhooks', deps.webhooksQueueUrl, { body: message, delaySeconds });
  }
  await noteFailure(deps, endpoint, finished);
}

/** The signed POST: the current secret, and the previous one beside it for a day after a rotation. */
function send(deps: DeliverWebhookDeps, endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<PostOutcome> {
  const body = JSON.stringify(delivery.event);
  const now = new Date();
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > now.getTime())
    secrets.push(endpoint.previousSecret);
  return postWebhook({
    url: endpoint.url,
    headers: { ...signatureHeaders({ id: delivery.event.id, timestamp: now, body, secrets }) },
    body,
    timeoutMs: deps.timeoutMs,
    allowLoopback: deps.allowLoopback,
    lookup: deps.lookup,
  });
}

/** A failed attempt: the endpoint's failing streak goes on, and ends it disabled once it lasted too long. */
async function noteFailure(deps: DeliverWebhookDeps, endpoint: WebhookEndpoint, now: Date): Promise<void> {
  const failingTooLong = (since: string) => now.getTime() - Date.parse(since) >= deps.disableAfterSeconds * 1000;
  // Already failing (as read for this attempt), and not for long enough: the write would keep the
  // same date, so none is made. A down receiver is hit by every retry of every delivery, all to this one item.
  if (endpoint.failingSince && !failingTooLong(endpoint.failingSince)) return;
  const since = await noteWebhookFailing(deps.db, endpoint, now);
  if (!since || !failingTooLong(since)) return;
  const event = await prepareEvent(deps.db, endpoint.workspaceId, 'webhook.disabled', webhookDisabledData(endpoint, since, now), now, {
    except: endpoint.webhookId,
  });
  if (await commitWithEvents(deps, [disableFailingWebhookItem(deps.db, endpoint, now)], [event])) {
    logger.warn('webhook disabled after failing too long', {
      workspaceId: endpoint.workspaceId,
      webhookId: endpoint.webhookId,
      failingSince: since,
    });
  }
}
