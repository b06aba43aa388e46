import { httpEndpoint } from '../../lib/http/endpoint';
import { updateWebhookSchema } from '../../lib/schemas/webhook';
import { updateEndpoint } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: 'PATCH /api/v1/webhooks/{webhookId}',
  body: updateWebhookSchema,
  handle: ({ workspaceId, pathParameters, body, now }) => updateEndpoint(deps, workspaceId, pathParameters.webhookId ?? '', body, now),
});
