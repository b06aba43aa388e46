import { publicEndpoint } from '../../lib/http/pipeline';
import { defaultWebhookDeps } from '../../lib/outreach/default-deps';
import { checkWebhookSecret, receiveUnipileWebhook } from '../../lib/outreach/provider-webhook/provider-webhook';
import { unipileWebhookSchema } from '../../lib/schemas/unipile-webhook';

const deps = defaultWebhookDeps();

export const handler = publicEndpoint({
  route: 'POST /api/v1/webhooks/unipile',
  checkCaller: (headers) => checkWebhookSecret(deps.secret, headers),
  body: unipileWebhookSchema,
  handle: ({ body, now }) => receiveUnipileWebhook(deps, body, now),
});
