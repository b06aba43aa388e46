import { defineRoute } from '../../http/route';
import { notFound, tag, webhookId } from './parts';

export const rotateWebhookSecret = defineRoute({
  name: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/v1/webhooks/{webhookId}/rotate-secret',
  auth: 'api-key',
  tag,
  summary: 'A new signing secret, shown once',
  description: 'The previous secret keeps signing for 24 hours beside the new one (two signatures), so receivers can switch.',
  pathParameters: webhookId,
  responses: {
    200: { description: 'The endpoint with its new secret.', json: 'WebhookWithSecret' },
    404: notFound,
  },
  deployment: {
    permissions: {},
    bundle: { bytes: 864256, zipBytes: 257024 },
  },
});
