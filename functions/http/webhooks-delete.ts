import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/response';
import { defaultDb } from '../../lib/store/client';
import { deleteEndpoint } from '../../lib/webhooks/manage-webhooks';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.deleteWebhook,
  handle: async ({ workspaceId, pathParameters }) => {
    await deleteEndpoint(db, workspaceId, pathParameters.webhookId ?? '');
    return noContent();
  },
});
