import { defaultConnectDeps } from '../../lib/connect/connect-deps';
import { hidingState } from '../../lib/connect/hide-state';
import { receiveConnectNotification } from '../../lib/connect/connect-notification';
import { publicEndpoint } from '../../lib/http/pipeline';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { unipileConnectNotificationSchema } from '../../lib/schemas/unipile-webhook';

const deps = defaultConnectDeps();

export const handler = hidingState(
  routeTable.receiveConnectNotification,
  publicEndpoint({
    route: routeTable.receiveConnectNotification,
    // No secret header: Unipile's report carries none. The signed, single-use state in the path is the credential.
    body: unipileConnectNotificationSchema,
    // The content type of Unipile's report is not documented: JSON is read whatever it says.
    bodyFormat: 'json-any-type',
    handle: async ({ pathParameters, body, now }) => ok(await receiveConnectNotification(deps, pathParameters.state ?? '', body, now)),
  }),
);
