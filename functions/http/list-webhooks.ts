import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { defaultDb } from '../../lib/store/client';
import { listEndpoints } from '../../lib/webhooks/manage-webhooks';
import { listWebhooks as route } from '../../lib/routes/webhooks/list-webhooks';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId }) => ok(await listEndpoints(db, workspaceId)),
});
