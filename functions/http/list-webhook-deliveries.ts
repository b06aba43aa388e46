import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { defaultDb } from '../../lib/store/client';
import { listDeliveriesPage } from '../../lib/webhooks/delivery-history';
import { listWebhookDeliveries as route } from '../../lib/routes/webhooks/list-webhook-deliveries';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, query }) => ok(await listDeliveriesPage(db, workspaceId, pathParameters.webhookId, query)),
});
