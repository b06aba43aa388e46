import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { requireWebhook, webhookView } from '../../lib/webhooks/manage-webhooks';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'GET /api/v1/webhooks/{webhookId}',
  handle: async ({ workspaceId, pathParameters }) => ({ status: 200, body: webhookView(await requireWebhook(db, workspaceId, pathParameters.webhookId ?? '')) }),
});
