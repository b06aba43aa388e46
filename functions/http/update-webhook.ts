import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { updateEndpoint } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { updateWebhook as route } from '../../lib/routes/webhooks/update-webhook';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, body, now }) =>
    ok(await updateEndpoint(deps, workspaceId, pathParameters.webhookId, body, now)),
});
