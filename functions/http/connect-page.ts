import { defaultConnectDeps } from '../../lib/connect/connect-deps';
import { hidingState } from '../../lib/connect/hide-state';
import { connectErrorPage, showConnectPage } from '../../lib/connect/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { routeTable } from '../../lib/http/routes';

const deps = defaultConnectDeps();

export const handler = hidingState(
  routeTable.showConnectPage,
  publicEndpoint({
    route: routeTable.showConnectPage,
    renderError: connectErrorPage,
    handle: ({ pathParameters, now }) => showConnectPage(deps, pathParameters.state ?? '', now),
  }),
);
