import { showGroup } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { getGroup as route } from '../../lib/routes/groups/get-group';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => ok(await showGroup(db, workspaceId, pathParameters.name)),
});
