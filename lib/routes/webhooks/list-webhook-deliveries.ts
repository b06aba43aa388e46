import { defineRoute } from '../../http/route';
import { deliveryListQuerySchema } from '../../schemas/delivery-list-query';
import { notFound, tag, webhookId } from './parts';

export const listWebhookDeliveries = defineRoute({
  name: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/v1/webhooks/{webhookId}/deliveries',
  auth: 'api-key',
  tag,
  summary: 'Recent deliveries to an endpoint, newest first',
  description: 'Kept 30 days: the event, its status, and each attempt (status code, latency, error, the start of the response).',
  pathParameters: webhookId,
  query: deliveryListQuerySchema,
  responses: { 200: { description: 'A page of deliveries.', json: 'WebhookDeliveryList' }, 404: notFound },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 825344, zipBytes: 245760 },
  },
});
