import { defaultConnectDeps } from '../../lib/onboarding/connect-deps';
import { receiveConnectNotification } from '../../lib/onboarding/connect-notification';
import { publicEndpoint } from '../../lib/http/pipeline';
import { ok } from '../../lib/http/http-result';
import { receiveConnectNotification as route } from '../../lib/routes/onboarding/receive-connect-notification';

const deps = defaultConnectDeps();

export const handler = publicEndpoint({
  route,
  // No secret header: Unipile's report carries none. The signed, single-use state in the path is the credential.
  handle: async ({ pathParameters, body, now }) => ok(await receiveConnectNotification(deps, pathParameters.state, body, now)),
});
