import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listDeliveriesPage } from '../../lib/webhooks/delivery-history';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listWebhookDeliveries,
  handle: ({ workspaceId, pathParameters, query }) => listDeliveriesPage(db, workspaceId, pathParameters.webhookId ?? '', query),
});
