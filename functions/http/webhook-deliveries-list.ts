import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listDeliveriesPage } from '../../lib/webhooks/delivery-history';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'GET /api/v1/webhooks/{webhookId}/deliveries',
  handle: ({ workspaceId, pathParameters, query }) => listDeliveriesPage(db, workspaceId, pathParameters.webhookId ?? '', query),
});
