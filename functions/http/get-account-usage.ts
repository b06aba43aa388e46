import { accountUsage } from '../../lib/accounts/account-usage';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { getAccountUsage as route } from '../../lib/routes/accounts/get-account-usage';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) => ok(await accountUsage(db, workspaceId, pathParameters.accountId, now)),
});
