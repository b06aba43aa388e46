import { getConfig } from '../config';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import type { DeliverWebhookDeps } from './deliver-webhook';
import { eventDeps } from './emit-event';
import type { ManageWebhooksDeps } from './manage-webhooks';
import type { SweepDeps } from './sweep-deliveries';

/** Dependencies of the webhook endpoints, worker and sweep as deployed: built once per cold start. */
export function defaultManageWebhooksDeps(): ManageWebhooksDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), ...eventDeps(config), allowHttpLocalhost: config.WEBHOOK_ALLOW_HTTP_LOCALHOST };
}

export function defaultDeliverWebhookDeps(): DeliverWebhookDeps {
  const config = getConfig();
  return {
    db: defaultDb(),
    sqs: defaultSqs(),
    ...eventDeps(config),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    schedule: {
      initialSeconds: config.WEBHOOK_RETRY_INITIAL_SECONDS,
      maxDelaySeconds: config.WEBHOOK_RETRY_MAX_DELAY_SECONDS,
      retryForSeconds: config.WEBHOOK_RETRY_FOR_SECONDS,
    },
    disableAfterSeconds: config.WEBHOOK_DISABLE_AFTER_SECONDS,
    allowLoopback: config.WEBHOOK_ALLOW_HTTP_LOCALHOST,
  };
}

export function defaultSweepDeps(): SweepDeps {
  const config = getConfig();
  return { db: defaultDb(), sqs: defaultSqs(), webhooksQueueUrl: config.WEBHOOKS_QUEUE_URL };
}
