import { httpEndpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/http-result';
import { createEndpoint, webhookLocation } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { createWebhook as route } from '../../lib/routes/webhooks/create-webhook';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, body, now }) => {
    const webhook = await createEndpoint(deps, workspaceId, body, now);
    return created(webhookLocation(webhook.webhookId), webhook);
  },
});
