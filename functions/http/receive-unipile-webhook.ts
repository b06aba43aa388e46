import { publicEndpoint } from '../../lib/http/pipeline';
import { ok } from '../../lib/http/http-result';
import { defaultWebhookDeps } from '../../lib/outreach/network-deps';
import { checkWebhookSecret, receiveUnipileWebhook } from '../../lib/outreach/provider-webhook/provider-webhook';
import { receiveUnipileWebhook as route } from '../../lib/routes/service/receive-unipile-webhook';

const deps = defaultWebhookDeps();

export const handler = publicEndpoint({
  route,
  checkCaller: async (headers) => checkWebhookSecret(await deps.secret(), headers),
  // 200 for every authentic call, one not acted on too: the provider need not send it again.
  handle: async ({ body, now }) => ok(await receiveUnipileWebhook(deps, body, now)),
});
