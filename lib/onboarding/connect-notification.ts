import { ValidationError } from '../errors';
import type { UnipileConnectNotification } from '../schemas/unipile-webhook';
import { completeConnection } from './complete-connection';
import type { ConnectDeps } from './connect-deps';
import { openConnectLink } from './open-connect-link';

/** The answer to the provider's report: received, and whether it connected an account. */
export interface ConnectNotificationAck {
  received: true;
  handled: boolean;
  accountId?: string;
}

/** Unipile's statuses of a login its wizard connected; any other is acknowledged and changes nothing. */
const CONNECTED_STATUSES = new Set(['CREATION_SUCCESS', 'RECONNECTED']);

/**
 * POST /connect/{state}/notify: Unipile's report that its hosted wizard connected a login
 * (`{status, account_id, name}`). The state in the path is the link's (404 not ours or not a
 * Unipile link, 410 expired, 409 used); `name` must echo the link's reference (400). A connected
 * login completes the connection (complete-connection.ts); another status is acknowledged, and the
 * link stays usable.
 */
export async function receiveConnectNotification(
  deps: ConnectDeps,
  token: string,
  notification: UnipileConnectNotification,
  now: Date,
): Promise<ConnectNotificationAck> {
  const opened = await openConnectLink(deps, token, 'unipile', now);
  if (notification.name !== opened.link.reference) {
    throw new ValidationError([{ path: 'name', message: 'is not the reference this link was created with' }]);
  }
  if (!CONNECTED_STATUSES.has(notification.status)) return { received: true, handled: false };
  const { account } = await completeConnection(deps, opened, notification.account_id, now);
  return { received: true, handled: true, accountId: account.accountId };
}
