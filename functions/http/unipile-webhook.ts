import { publicEndpoint } from '../../lib/http/pipeline';
import { ok } from '../../lib/http/response';
import { defaultWebhookDeps } from '../../lib/outreach/network-deps';
import { checkWebhookSecret, receiveUnipileWebhook } from '../../lib/outreach/provider-webhook/provider-webhook';
import { unipileWebhookSchema } from '../../lib/schemas/unipile-webhook';
import { routeTable } from '../../lib/http/routes';

const deps = defaultWebhookDeps();

export const handler = publicEndpoint({
  route: routeTable.receiveUnipileWebhook,
  checkCaller: async (headers) => checkWebhookSecret(await deps.secret(), headers),
  body: unipileWebhookSchema,
  // Unipile's webhooks made through its API carry no JSON content type (lib/http/read-body.ts).
  bodyFormat: 'json-any-type',
  // 200 for every authentic call, one not acted on too: the provider need not send it again.
  handle: async ({ body, now }) => ok(await receiveUnipileWebhook(deps, body, now)),
});
