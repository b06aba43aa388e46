import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { listEndpoints } from '../../lib/webhooks/manage-webhooks';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'GET /api/v1/webhooks',
  handle: ({ workspaceId }) => listEndpoints(db, workspaceId),
});
