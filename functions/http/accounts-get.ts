import { showAccount } from '../../lib/accounts/show-account';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.getAccount,
  handle: async ({ workspaceId, pathParameters }) => ok(await showAccount(db, workspaceId, pathParameters.accountId ?? '')),
});
