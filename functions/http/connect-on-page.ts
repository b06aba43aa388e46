import { defaultConnectDeps } from '../../lib/onboarding/connect-deps';
import { connectErrorPage, connectOnPage } from '../../lib/onboarding/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { connectOnPage as route } from '../../lib/routes/onboarding/connect-on-page';

const deps = defaultConnectDeps();

export const handler = publicEndpoint({
  route,
  renderError: connectErrorPage,
  handle: ({ pathParameters, body, now }) => connectOnPage(deps, pathParameters.state, body, now),
});
