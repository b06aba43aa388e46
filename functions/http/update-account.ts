import { updateAccount } from '../../lib/accounts/update-account';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { updateAccount as route } from '../../lib/routes/accounts/update-account';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, body }) => ok(await updateAccount(db, workspaceId, pathParameters.accountId, body)),
});
