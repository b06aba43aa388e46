import * as z from '../zod';

/** The header the provider's webhook calls carry the shared secret in (set when the webhook is registered). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/**
 * An optional field that Unipile may also send as `null`, read as absent: its examples document no
 * nullability, but the data behind them has it (a message of attachments only has no text: `text`
 * is `string | null` in its Message object; a sender may have no name), and refusing such an event
 * would lose it.
 */
const absentIfNull = <T extends z.core.$ZodType>(schema: T) =>
  z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((value: z.output<T> | null) => value ?? undefined),
    ),
  );

/** An optional string of at most `max` characters, `null` read as absent. */
const text = (max: number) => absentIfNull(z.string().check(z.maxLength(max)));

/**
 * Unipile's account status body (webhook source `account_status`), the one without `event`:
 * `{"AccountStatus": {account_id, account_type, message}}` ("Account status updates",
 * developer.unipile.com/docs/account-lifecycle). `message` is `OK`, `CREDENTIALS`, `CONNECTING`, …:
 * see lib/network/unipile-account-status.ts for what each says of the login.
 */
const accountStatusSchema = z.looseObject({
  account_id: text(200),
  account_type: text(100),
  message: text(100),
});

/**
 * Unipile's webhook body: `new_relation` (source `users`) names the acting login and the person who
 * accepted; `message_received` (source `messaging`) a message in one of its chats, with its sender;
 * the account status body (source `account_status`) has no `event` but an `AccountStatus` object.
 * A body needs one of `event` and `AccountStatus`. Other events and fields are accepted and ignored,
 * so a provider addition never breaks it.
 */
export const unipileWebhookSchema = z
  .looseObject({
    event: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    account_id: text(200),
    user_provider_id: text(200),
    user_public_identifier: text(200),
    user_profile_url: text(2048),
    chat_id: text(200),
    message_id: text(200),
    message: text(100_000),
    timestamp: text(100),
    sender: absentIfNull(z.looseObject({ attendee_provider_id: text(200), attendee_name: text(500) })),
    AccountStatus: z.optional(accountStatusSchema),
  })
  .check(
    // Said about `event`, as when it was the one required field: a body with neither is an event without its name.
    z.refine((body) => body.event !== undefined || body.AccountStatus !== undefined, { path: ['event'], message: 'is required' }),
  );
export type UnipileWebhook = z.output<typeof unipileWebhookSchema>;

/** What an account status body says: which login (Unipile `account_id`) and its status message. */
export interface UnipileAccountStatus {
  providerAccountId: string;
  message: string;
}

/** The account status a webhook body carries; undefined for an event, or a status without its login or message. */
export function accountStatusOf(body: UnipileWebhook): UnipileAccountStatus | undefined {
  const status = body.AccountStatus;
  if (!status?.account_id || !status.message) return undefined;
  return { providerAccountId: status.account_id, message: status.message };
}

/**
 * What Unipile posts to a hosted auth link's `notify_url` once its wizard connected a login:
 * `{status: "CREATION_SUCCESS" | "RECONNECTED", account_id, name}`, `name` being the one the link was
 * created with ("Hosted auth wizard", developer.unipile.com/docs/hosted-auth). Loose, so that a field
 * Unipile adds never refuses a login that did connect; whoever reads it checks `status`.
 */
export const unipileConnectNotificationSchema = z.looseObject({
  status: z.string().check(z.minLength(1), z.maxLength(100)),
  account_id: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(1000)),
});
export type UnipileConnectNotification = z.output<typeof unipileConnectNotificationSchema>;
