import { httpEndpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/response';
import { createWebhookSchema } from '../../lib/schemas/webhook';
import { createEndpoint, webhookLocation } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.createWebhook,
  body: createWebhookSchema,
  handle: async ({ workspaceId, body, now }) => {
    const webhook = await createEndpoint(deps, workspaceId, body, now);
    return created(webhookLocation(webhook.webhookId), webhook);
  },
});
