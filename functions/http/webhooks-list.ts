import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { defaultDb } from '../../lib/store/client';
import { listEndpoints } from '../../lib/webhooks/manage-webhooks';
import { routeTable } from '../../lib/http/routes';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listWebhooks,
  handle: async ({ workspaceId }) => ok(await listEndpoints(db, workspaceId)),
});
