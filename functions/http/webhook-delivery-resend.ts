import { httpEndpoint } from '../../lib/http/endpoint';
import { accepted } from '../../lib/http/response';
import { resendDelivery } from '../../lib/webhooks/delivery-history';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.resendWebhookDelivery,
  handle: async ({ workspaceId, pathParameters, now }) =>
    accepted(await resendDelivery(deps, workspaceId, pathParameters.webhookId ?? '', pathParameters.deliveryId ?? '', now)),
});
