import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { defaultDb } from '../../lib/store/client';
import { requireWebhook, webhookView } from '../../lib/webhooks/manage-webhooks';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.getWebhook,
  handle: async ({ workspaceId, pathParameters }) => ok(webhookView(await requireWebhook(db, workspaceId, pathParameters.webhookId ?? ''))),
});
