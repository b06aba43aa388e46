import { updateWebhookSchema } from '../../schemas/webhook';
import { defineRoute, jsonBody } from '../../http/route';
import { notFound, tag, webhookId } from './parts';

export const updateWebhook = defineRoute({
  name: 'updateWebhook',
  method: 'PATCH',
  path: '/api/v1/webhooks/{webhookId}',
  auth: 'api-key',
  tag,
  summary: "Change an endpoint's URL, events or description; enable or disable it",
  description: '`enabled: true` re-enables a disabled endpoint and forgets its failures.',
  pathParameters: webhookId,
  body: jsonBody(updateWebhookSchema),
  responses: {
    200: { description: 'The endpoint as it now is.', json: 'Webhook' },
    400: { description: 'A new URL is refused like at creation.', problems: ['validation-failed'] },
    404: notFound,
  },
  deployment: {
    permissions: {},
    bundle: { bytes: 873472, zipBytes: 260096 },
  },
});
