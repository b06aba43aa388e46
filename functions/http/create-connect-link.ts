import { defaultConnectDeps } from '../../lib/onboarding/connect-deps';
import { createConnectLink } from '../../lib/onboarding/create-connect-link';
import { httpEndpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/http-result';
import { createConnectLink as route } from '../../lib/routes/onboarding/create-connect-link';

const deps = defaultConnectDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, body, now }) => {
    const link = await createConnectLink(deps, workspaceId, body, now);
    // The link is what was made: `Location` names it, as `url` does.
    return created(link.url, link);
  },
});
