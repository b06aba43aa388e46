import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { defaultDb } from '../../lib/store/client';
import { requireWebhook, webhookView } from '../../lib/webhooks/manage-webhooks';
import { getWebhook as route } from '../../lib/routes/webhooks/get-webhook';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => ok(webhookView(await requireWebhook(db, workspaceId, pathParameters.webhookId))),
});
