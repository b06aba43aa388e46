import { defineRoute } from '../../http/route';
import { tag, webhookId } from './parts';

export const resendWebhookDelivery = defineRoute({
  name: 'resendWebhookDelivery',
  method: 'POST',
  path: '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
  auth: 'api-key',
  tag,
  summary: 'Send a failed delivery again',
  description: 'Same event, same `webhook-id`, a new round of retries.',
  pathParameters: {
    ...webhookId,
    deliveryId: { description: 'The delivery (`dlv_` and a ULID).', example: 'dlv_01KA7W9Q3T5W0R6Y5XG8N2M4C1' },
  },
  responses: {
    202: { description: 'Sending again: the delivery.', json: 'WebhookDelivery' },
    404: { description: 'No such webhook or delivery in this workspace.', problems: ['not-found'] },
    409: {
      description: 'The delivery has not failed (only a failed one can be re-sent), or the webhook is disabled.',
      problems: ['delivery-not-failed', 'webhook-disabled'],
    },
  },
  deployment: {
    permissions: { sendsTo: ['webhooks'] },
    bundle: { bytes: 868352, zipBytes: 258048 },
  },
});
