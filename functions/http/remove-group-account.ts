import { removeGroupAccount } from '../../lib/groups/manage-groups';
import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/http-result';
import { removeGroupAccount as route } from '../../lib/routes/groups/remove-group-account';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => {
    await removeGroupAccount(db, workspaceId, pathParameters.name, pathParameters.accountId);
    return noContent();
  },
});
