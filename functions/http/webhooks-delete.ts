import { httpEndpoint } from '../../lib/http/endpoint';
import { defaultDb } from '../../lib/store/client';
import { deleteEndpoint } from '../../lib/webhooks/manage-webhooks';

const db = defaultDb();

export const handler = httpEndpoint({
  route: 'DELETE /api/v1/webhooks/{webhookId}',
  handle: ({ workspaceId, pathParameters }) => deleteEndpoint(db, workspaceId, pathParameters.webhookId ?? ''),
});
