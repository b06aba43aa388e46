/**
 * What Unipile's account status messages say about a connected login: whether it can act for its
 * owner (`connected`), must be connected again by its owner (`disconnected`), or neither (`undefined`).
 *
 * The messages are those of Unipile's account status webhook (`{"AccountStatus": {account_id,
 * account_type, message}}`, "Account status updates", developer.unipile.com/docs/account-lifecycle);
 * the source statuses of GET /api/v1/accounts/{id} share the first six of them. Quoted below is what
 * that page says of each.
 */
export type ConnectionState = 'connected' | 'disconnected';

const states: Record<string, ConnectionState | undefined> = {
  // "Everything seems to be in good order."
  OK: 'connected',
  // "The account was successfully added and the initial data synchronization has begun." It may take a
  // few seconds before requests work; a call made too early fails on its own and is retried.
  CREATION_SUCCESS: 'connected',
  // "Account has been reconnected with success."
  RECONNECTED: 'connected',
  // Listed as a synchronization success ("Only for LinkedIn/IMAP/WhatsApp/Instagram…"): data was just
  // fetched with the login, so it worked.
  SYNC_SUCCESS: 'connected',
  // "Synchronization of accounts has been interrupted due to invalid or missing credentials", for
  // LinkedIn among others "the session expiration after one year" or "users terminating the session":
  // only its owner can fix it, by connecting it again (the page's advice: send them a reconnect link).
  CREDENTIALS: 'disconnected',
  // "You deleted the account": Unipile no longer holds the login at all, nothing can act through it.
  DELETED: 'disconnected',
  // "The account is attempting to connect. […] It's temporary status." Nothing to conclude yet.
  CONNECTING: undefined,
  // "Account synchronization has stopped due to an unexpected error during data fetching." About the
  // synchronization, not the credentials: actions may still work, and failing ones say so themselves.
  ERROR: undefined,
  // "Account synchronization has been paused, that can occur with Sandbox account limitation." Same.
  STOPPED: undefined,
};

/** The login's state a message says; `undefined` for messages that say nothing about it, unknown ones included. */
export function connectionStateOf(message: string): ConnectionState | undefined {
  const key = message.trim().toUpperCase();
  return Object.hasOwn(states, key) ? states[key] : undefined;
}
