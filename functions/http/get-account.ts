import { showAccount } from '../../lib/accounts/show-account';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { getAccount as route } from '../../lib/routes/accounts/get-account';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters }) => ok(await showAccount(db, workspaceId, pathParameters.accountId)),
});
