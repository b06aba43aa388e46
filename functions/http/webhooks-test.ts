import { httpEndpoint } from '../../lib/http/endpoint';
import { sendTestPing } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: 'POST /api/v1/webhooks/{webhookId}/test',
  handle: ({ workspaceId, pathParameters, now }) => sendTestPing(deps, workspaceId, pathParameters.webhookId ?? '', now),
});
