import { addGroupAccounts } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { groupAccountsAddSchema } from '../../lib/schemas/group';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.addGroupAccounts,
  body: groupAccountsAddSchema,
  handle: async ({ workspaceId, pathParameters, body }) => ok(await addGroupAccounts(db, workspaceId, pathParameters.name, body)),
});
