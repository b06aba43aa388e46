import { httpEndpoint } from '../../lib/http/endpoint';
import { rotateSecret } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: 'POST /api/v1/webhooks/{webhookId}/rotate-secret',
  handle: ({ workspaceId, pathParameters, now }) => rotateSecret(deps, workspaceId, pathParameters.webhookId ?? '', now),
});
