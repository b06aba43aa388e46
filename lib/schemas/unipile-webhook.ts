import * as z from 'zod';

/** The header the provider's webhook calls carry the shared secret in (set when the webhook is registered). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/**
 * Unipile's webhook body: `new_relation` (source `users`) names the acting login and the person who
 * accepted; `message_received` (source `messaging`) a message in one of its chats, with its sender.
 * Other events and fields are accepted and ignored, so a provider addition never breaks it.
 */
export const unipileWebhookSchema = z.looseObject({
  event: z.string().min(1).max(100),
  account_id: z.string().max(200).optional(),
  user_provider_id: z.string().max(200).optional(),
  user_public_identifier: z.string().max(200).optional(),
  user_profile_url: z.string().max(2048).optional(),
  chat_id: z.string().max(200).optional(),
  message_id: z.string().max(200).optional(),
  message: z.string().max(100_000).optional(),
  timestamp: z.string().max(100).optional(),
  sender: z.looseObject({ attendee_provider_id: z.string().max(200).optional(), attendee_name: z.string().max(500).optional() }).optional(),
});
export type UnipileWebhook = z.output<typeof unipileWebhookSchema>;
