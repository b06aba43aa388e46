import { httpEndpoint } from '../../lib/http/endpoint';
import { sendTestPing } from '../../lib/webhooks/manage-webhooks';
import { defaultManageWebhooksDeps } from '../../lib/webhooks/webhook-deps';
import { routeTable } from '../../lib/http/routes';

const deps = defaultManageWebhooksDeps();

export const handler = httpEndpoint({
  route: routeTable.testWebhook,
  handle: ({ workspaceId, pathParameters, now }) => sendTestPing(deps, workspaceId, pathParameters.webhookId ?? '', now),
});
