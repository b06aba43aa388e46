import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { rotateSecret } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { rotateWebhookSecret as route } from '../../lib/routes/webhooks/rotate-webhook-secret';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) => ok(await rotateSecret(deps, workspaceId, pathParameters.webhookId, now)),
});
