import { httpEndpoint } from '../../lib/http/endpoint';
import { createWebhookSchema } from '../../lib/schemas/webhook';
import { createEndpoint } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.createWebhook,
  body: createWebhookSchema,
  handle: ({ workspaceId, body, now }) => createEndpoint(deps, workspaceId, body, now),
});
