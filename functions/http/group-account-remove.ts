import { removeGroupAccount } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.removeGroupAccount,
  handle: async ({ workspaceId, pathParameters }) => {
    await removeGroupAccount(db, workspaceId, pathParameters.name, pathParameters.accountId ?? '');
    return noContent();
  },
});
