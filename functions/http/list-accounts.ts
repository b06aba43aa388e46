import { listAccountsPage } from '../../lib/accounts/list-accounts';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { listAccounts as route } from '../../lib/routes/accounts/list-accounts';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, query }) => ok(await listAccountsPage(db, workspaceId, query)),
});
