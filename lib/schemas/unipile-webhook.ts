import * as z from '../zod';

/** The header the provider's webhook calls carry the shared secret in (set when the webhook is registered). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/** An optional string of at most `max` characters. */
const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/**
 * Unipile's webhook body: `new_relation` (source `users`) names the acting login and the person who
 * accepted; `message_received` (source `messaging`) a message in one of its chats, with its sender.
 * Other events and fields are accepted and ignored, so a provider addition never breaks it.
 */
export const unipileWebhookSchema = z.looseObject({
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  account_id: text(200),
  user_provider_id: text(200),
  user_public_identifier: text(200),
  user_profile_url: text(2048),
  chat_id: text(200),
  message_id: text(200),
  message: text(100_000),
  timestamp: text(100),
  sender: z.optional(z.looseObject({ attendee_provider_id: text(200), attendee_name: text(500) })),
});
export type UnipileWebhook = z.output<typeof unipileWebhookSchema>;
