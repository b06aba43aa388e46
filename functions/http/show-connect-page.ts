import { defaultConnectDeps } from '../../lib/connect/connect-deps';
import { hidingState } from '../../lib/connect/hide-state';
import { connectErrorPage, showConnectPage } from '../../lib/connect/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { showConnectPage as route } from '../../lib/routes/onboarding/show-connect-page';

const deps = defaultConnectDeps();

export const handler = hidingState(
  route,
  publicEndpoint({
    route,
    renderError: connectErrorPage,
    handle: ({ pathParameters, now }) => showConnectPage(deps, pathParameters.state, now),
  }),
);
