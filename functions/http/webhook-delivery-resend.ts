import { httpEndpoint } from '../../lib/http/endpoint';
import { resendDelivery } from '../../lib/webhooks/delivery-history';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: 'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
  handle: ({ workspaceId, pathParameters, now }) => resendDelivery(deps, workspaceId, pathParameters.webhookId ?? '', pathParameters.deliveryId ?? '', now),
});
