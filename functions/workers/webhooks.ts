import { deliverWebhookMessageSchema } from '../../lib/queue/messages';
import { sqsWorker } from '../../lib/queue/sqs-worker';
import { deliverWebhook } from '../../lib/webhooks/deliver-webhook';
import { defaultDeliverWebhookDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultDeliverWebhookDeps();

export const handler = sqsWorker({
  queue: 'webhooks',
  schema: deliverWebhookMessageSchema,
  handle: (message) => deliverWebhook(deps, message),
});
