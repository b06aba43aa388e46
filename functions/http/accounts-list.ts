import { listAccountsPage } from '../../lib/accounts/list-accounts';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listAccounts,
  handle: async ({ workspaceId, query }) => ok(await listAccountsPage(db, workspaceId, query)),
});
