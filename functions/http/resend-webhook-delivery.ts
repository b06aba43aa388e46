import { httpEndpoint } from '../../lib/http/endpoint';
import { accepted } from '../../lib/http/http-result';
import { resendDelivery } from '../../lib/webhooks/delivery-history';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { resendWebhookDelivery as route } from '../../lib/routes/webhooks/resend-webhook-delivery';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) =>
    accepted(await resendDelivery(deps, workspaceId, pathParameters.webhookId, pathParameters.deliveryId, now)),
});
