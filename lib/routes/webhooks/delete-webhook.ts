import { defineRoute } from '../../http/route';
import { notFound, tag, webhookId } from './parts';

export const deleteWebhook = defineRoute({
  name: 'deleteWebhook',
  method: 'DELETE',
  path: '/api/v1/webhooks/{webhookId}',
  auth: 'api-key',
  tag,
  summary: 'Delete an endpoint',
  description: 'Its pending deliveries end `failed` (`endpoint_deleted`) when their turn comes.',
  pathParameters: webhookId,
  responses: { 204: { description: 'Deleted.' }, 404: notFound },
  deployment: {
    permissions: { table: ['DeleteItem'] },
    bundle: { bytes: 822272, zipBytes: 244736 },
  },
});
