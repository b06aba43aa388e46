import { createWebhookSchema } from '../../schemas/webhook';
import { defineRoute, jsonBody } from '../../http/route';
import { tag } from './parts';

export const createWebhook = defineRoute({
  name: 'createWebhook',
  method: 'POST',
  path: '/api/v1/webhooks',
  auth: 'api-key',
  tag,
  summary: 'Register an endpoint to receive signed events',
  description:
    'The URL must be https with a host that resolves only to public addresses. The answer holds the signing `secret` (Standard Webhooks), shown this once. At most 20 endpoints a workspace.',
  body: jsonBody(createWebhookSchema),
  responses: {
    201: { description: 'Created: the endpoint and its secret.', json: 'WebhookWithSecret', headers: ['Location'] },
    400: {
      description: 'The URL is not https, holds credentials, or resolves to a private or reserved address (`errors[].path` = `url`).',
      problems: ['validation-failed'],
    },
    409: { description: 'The workspace has 20 webhooks already.', problems: ['webhook-limit-reached'] },
  },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 873472, zipBytes: 260096 },
  },
});
