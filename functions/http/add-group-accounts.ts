import { addGroupAccounts } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { addGroupAccounts as route } from '../../lib/routes/groups/add-group-accounts';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, body }) => ok(await addGroupAccounts(db, workspaceId, pathParameters.name, body)),
});
