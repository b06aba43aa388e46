import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { defaultDb } from '../../lib/store/client';
import { listDeliveriesPage } from '../../lib/webhooks/delivery-history';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listWebhookDeliveries,
  handle: async ({ workspaceId, pathParameters, query }) =>
    ok(await listDeliveriesPage(db, workspaceId, pathParameters.webhookId ?? '', query)),
});
