import { listGroupViews } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { listGroups as route } from '../../lib/routes/groups/list-groups';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId }) => ok(await listGroupViews(db, workspaceId)),
});
