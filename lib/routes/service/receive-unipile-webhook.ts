import { unipileWebhookSchema } from '../../schemas/unipile-webhook';
import { defineRoute, jsonBodyOfAnyType } from '../../http/route';

export const receiveUnipileWebhook = defineRoute({
  name: 'receiveUnipileWebhook',
  method: 'POST',
  path: '/api/v1/webhooks/unipile',
  auth: 'webhook-secret',
  tag: 'Provider',
  summary: "The network provider's webhook (Unipile): accepted invitations and replies",
  description:
    'For Unipile, not for API callers: register it for the sources `users` (`new_relation`), `messaging` (`message_received`) and `account_status` (a login disconnected or working again: its accounts are marked so), with the header `x-webhook-secret`. 200 for every authentic call, handled or not, so the provider does not retry what was handled.',
  body: jsonBodyOfAnyType(unipileWebhookSchema),
  responses: {
    200: { description: 'Received.', json: 'UnipileWebhookAck' },
    401: {
      description: 'No `x-webhook-secret` header equal to the configured secret (or none is configured).',
      problems: ['unauthorized'],
    },
  },
  deployment: {
    permissions: {
      table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
      queries: ['gsi1'],
      sendsTo: ['actions', 'webhooks'],
      secrets: ['webhookSecret'],
    },
    bundle: { bytes: 1090560, zipBytes: 307200 },
  },
});
