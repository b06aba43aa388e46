import { defineRoute } from '../../http/route';
import { disabled, notFound, tag, webhookId } from './parts';

export const testWebhook = defineRoute({
  name: 'testWebhook',
  method: 'POST',
  path: '/api/v1/webhooks/{webhookId}/test',
  auth: 'api-key',
  tag,
  summary: 'Send a `ping` event to this endpoint',
  description: 'Delivered like any other event; see its deliveries.',
  pathParameters: webhookId,
  responses: {
    202: {
      description: 'The ping is on its way; its delivery is listed at `Location`.',
      json: 'WebhookTestAccepted',
      headers: ['Location'],
    },
    404: notFound,
    409: disabled,
  },
  deployment: {
    permissions: { sendsTo: ['webhooks'] },
    bundle: { bytes: 866304, zipBytes: 258048 },
  },
});
