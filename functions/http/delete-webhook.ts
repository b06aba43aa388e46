import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/http-result';
import { defaultDb } from '../../lib/store/client';
import { deleteEndpoint } from '../../lib/webhooks/manage-webhooks';
import { deleteWebhook as route } from '../../lib/routes/webhooks/delete-webhook';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => {
    await deleteEndpoint(db, workspaceId, pathParameters.webhookId);
    return noContent();
  },
});
