import { defineRoute } from '../../http/route';
import { notFound, tag, webhookId } from './parts';

export const getWebhook = defineRoute({
  name: 'getWebhook',
  method: 'GET',
  path: '/api/v1/webhooks/{webhookId}',
  auth: 'api-key',
  tag,
  summary: 'An endpoint',
  description: 'Its status, and why and since when it is disabled or failing.',
  pathParameters: webhookId,
  responses: { 200: { description: 'The endpoint.', json: 'Webhook' }, 404: notFound },
  deployment: {
    permissions: {},
    bundle: { bytes: 822272, zipBytes: 245760 },
  },
});
