/**
 * Unipile's v1 error vocabulary, mapped once to what the service does. Every type here is one of
 * the `type` enums of Unipile's v1 API reference (its OpenAPI: `errors/<slug>` for every status, the
 * same enums on every operation); docs/unipile.md gives each row's source and what it leads to.
 * `api/…` and `provider/…` types are API v2's and never come from v1.
 */

/** What a refusal means for the service: the `ProviderError` reason, and whether a retry can help. */
export interface UnipileErrorMeaning {
  reason: string;
  retryable: boolean;
}

/** One row of the table: a v1 error type, at the statuses Unipile answers it with. */
export interface UnipileErrorRow extends UnipileErrorMeaning {
  status: number;
  type: `errors/${string}`;
}

const row = (status: number, type: `errors/${string}`, reason: string, retryable = false): UnipileErrorRow => ({
  status,
  type,
  reason,
  retryable,
});

/**
 * The types the service gives a meaning of its own. The reasons the safety layer acts on:
 * `provider_rate_limited` pauses the whole account (lib/outreach/safety/provider-signals.ts),
 * `account_restricted` too, for longer; `limit_exceeded` defers that kind of action;
 * `account_disconnected` marks the account disconnected and its actions wait for a reconnect.
 */
export const unipileErrorTable: readonly UnipileErrorRow[] = [
  row(400, 'errors/too_many_characters', 'text_too_long'),
  row(401, 'errors/disconnected_account', 'account_disconnected'),
  row(401, 'errors/expired_credentials', 'account_disconnected'),
  row(401, 'errors/checkpoint_error', 'account_restricted'),
  row(401, 'errors/captcha_not_supported', 'account_restricted'),
  row(401, 'errors/missing_credentials', 'provider_auth_failed'),
  row(401, 'errors/invalid_credentials', 'provider_auth_failed'),
  row(403, 'errors/account_restricted', 'account_restricted'),
  row(403, 'errors/action_required', 'account_restricted'),
  row(403, 'errors/unknown_authentication_context', 'account_restricted'),
  row(403, 'errors/feature_not_subscribed', 'feature_not_subscribed'),
  row(403, 'errors/subscription_required', 'feature_not_subscribed'),
  row(422, 'errors/no_connection_with_recipient', 'not_connected'),
  row(422, 'errors/already_invited_recently', 'already_invited'),
  row(422, 'errors/cannot_resend_yet', 'cannot_resend_yet'),
  row(422, 'errors/cannot_resend_within_24hrs', 'cannot_resend_yet'),
  row(422, 'errors/limit_exceeded', 'limit_exceeded'),
  row(422, 'errors/action_already_performed', 'already_done'),
  row(422, 'errors/invalid_account', 'account_not_eligible'),
  row(422, 'errors/insufficient_credits', 'insufficient_credits'),
  row(429, 'errors/too_many_requests', 'provider_rate_limited', true),
  row(500, 'errors/unexpected_error', 'provider_unavailable', true),
  row(500, 'errors/provider_error', 'provider_unavailable', true),
  row(501, 'errors/feature_not_implemented', 'feature_not_implemented'),
  row(503, 'errors/no_client_session', 'provider_unavailable', true),
  row(503, 'errors/network_down', 'provider_unavailable', true),
  row(503, 'errors/service_unavailable', 'provider_unavailable', true),
  row(504, 'errors/request_timeout', 'provider_timeout', true),
];

const byType = new Map(unipileErrorTable.map((entry) => [entry.type, entry]));

/**
 * What an error answer of Unipile means: its row when the type is in the table, else by status
 * (429 is always the network throttling: v1 has no other 429; 5xx and 408 are worth a retry; any
 * other 4xx is final, named by Unipile's slug). `notFound` is the reason of a 404 at this step.
 */
export function meaningOf(status: number, type: string, notFound: string): UnipileErrorMeaning {
  const known = byType.get(type as UnipileErrorRow['type']);
  if (known) return { reason: known.reason, retryable: known.retryable };
  if (status === 429) return { reason: 'provider_rate_limited', retryable: true };
  if (status === 408 || status === 504) return { reason: 'provider_timeout', retryable: true };
  if (status >= 500) return { reason: 'provider_unavailable', retryable: true };
  if (status === 404) return { reason: notFound, retryable: false };
  if (status === 401 || status === 403) return { reason: 'provider_auth_failed', retryable: false };
  return { reason: slugOf(type) ?? 'provider_rejected', retryable: false };
}

/** `errors/comments_disabled` → `comments_disabled`; undefined when there is nothing usable. */
function slugOf(type: string): string | undefined {
  const slug = (type.split('/').pop() ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || undefined;
}
