import { defaultConnectDeps } from '../../lib/onboarding/connect-deps';
import { connectErrorPage, showConnectPage } from '../../lib/onboarding/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { showConnectPage as route } from '../../lib/routes/onboarding/show-connect-page';

const deps = defaultConnectDeps();

export const handler = publicEndpoint({
  route,
  renderError: connectErrorPage,
  handle: ({ pathParameters, now }) => showConnectPage(deps, pathParameters.state, now),
});
