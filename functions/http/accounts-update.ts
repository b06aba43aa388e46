import { updateAccount } from '../../lib/accounts/update-account';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { accountPatchSchema } from '../../lib/schemas/account-patch';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.updateAccount,
  body: accountPatchSchema,
  handle: async ({ workspaceId, pathParameters, body }) => ok(await updateAccount(db, workspaceId, pathParameters.accountId ?? '', body)),
});
