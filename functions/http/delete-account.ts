import { removeAccount } from '../../lib/accounts/remove-account';
import { getConfig } from '../../lib/config';
import { httpEndpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/http-result';
import { deleteAccount as route } from '../../lib/routes/accounts/delete-account';
import { defaultSqs } from '../../lib/queue/client';
import { defaultDb } from '../../lib/store/client';
import { eventDeps } from '../../lib/webhooks/emit-event';

const deps = { db: defaultDb(), sqs: defaultSqs(), ...eventDeps(getConfig()) };

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) => {
    await removeAccount(deps, workspaceId, pathParameters.accountId, now);
    return noContent();
  },
});
