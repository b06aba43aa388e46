import { defineRoute } from '../../http/route';
import { tag } from './parts';

export const listWebhooks = defineRoute({
  name: 'listWebhooks',
  method: 'GET',
  path: '/api/v1/webhooks',
  auth: 'api-key',
  tag,
  summary: "The workspace's endpoints (never their secrets)",
  description: 'Oldest first.',
  responses: { 200: { description: 'The endpoints.', json: 'WebhookList' } },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 822272, zipBytes: 245760 },
  },
});
