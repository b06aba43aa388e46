import { defaultConnectDeps } from '../../lib/connect/connect-deps';
import { hidingState } from '../../lib/connect/hide-state';
import { connectErrorPage, connectOnPage } from '../../lib/connect/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { connectOnPage as route } from '../../lib/routes/onboarding/connect-on-page';

const deps = defaultConnectDeps();

export const handler = hidingState(
  route,
  publicEndpoint({
    route,
    renderError: connectErrorPage,
    handle: ({ pathParameters, body, now }) => connectOnPage(deps, pathParameters.state, body, now),
  }),
);
