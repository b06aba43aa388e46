import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultWebhookDeps } from '../../lib/outreach/default-deps';
import { checkWebhookSecret, receiveUnipileWebhook } from '../../lib/outreach/provider-webhook/provider-webhook';
import { unipileWebhookSchema } from '../../lib/schemas/unipile-webhook';
import { routeTable } from '../../lib/http/routes';

const deps = defaultWebhookDeps();

export const handler = publicEndpoint({
  route: routeTable.receiveUnipileWebhook,
  checkCaller: (headers) => checkWebhookSecret(deps.secret, headers),
  body: unipileWebhookSchema,
  handle: ({ body, now }) => receiveUnipileWebhook(deps, body, now),
});
