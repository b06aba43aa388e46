import { httpEndpoint } from '../../lib/http/endpoint';
import { accepted } from '../../lib/http/http-result';
import { sendTestPing } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { testWebhook as route } from '../../lib/routes/webhooks/test-webhook';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) => {
    const ping = await sendTestPing(deps, workspaceId, pathParameters.webhookId, now);
    // Followed on the endpoint's deliveries, where this one now waits.
    return accepted(ping, ping.links.deliveries);
  },
});
