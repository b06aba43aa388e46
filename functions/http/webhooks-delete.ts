import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { deleteEndpoint } from '../../lib/webhooks/manage-webhooks';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.deleteWebhook,
  handle: ({ workspaceId, pathParameters }) => deleteEndpoint(db, workspaceId, pathParameters.webhookId ?? ''),
});
