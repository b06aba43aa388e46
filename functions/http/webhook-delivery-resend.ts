import { httpEndpoint } from '../../lib/http/endpoint';
import { resendDelivery } from '../../lib/webhooks/delivery-history';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.resendWebhookDelivery,
  handle: ({ workspaceId, pathParameters, now }) => resendDelivery(deps, workspaceId, pathParameters.webhookId ?? '', pathParameters.deliveryId ?? '', now),
});
