import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { updateWebhookSchema } from '../../lib/schemas/webhook';
import { updateEndpoint } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.updateWebhook,
  body: updateWebhookSchema,
  handle: async ({ workspaceId, pathParameters, body, now }) =>
    ok(await updateEndpoint(deps, workspaceId, pathParameters.webhookId ?? '', body, now)),
});
