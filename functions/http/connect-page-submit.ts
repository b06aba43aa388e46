import { defaultConnectDeps } from '../../lib/connect/connect-deps';
import { hidingState } from '../../lib/connect/hide-state';
import { connectErrorPage, connectOnPage } from '../../lib/connect/connect-page-requests';
import { publicEndpoint } from '../../lib/http/pipeline';
import { routeTable } from '../../lib/http/routes';
import { connectPageFormSchema } from '../../lib/schemas/connect-link';

const deps = defaultConnectDeps();

export const handler = hidingState(
  routeTable.connectOnPage,
  publicEndpoint({
    route: routeTable.connectOnPage,
    bodyFormat: 'form',
    body: connectPageFormSchema,
    renderError: connectErrorPage,
    handle: ({ pathParameters, body, now }) => connectOnPage(deps, pathParameters.state ?? '', body, now),
  }),
);
