/**
 * Whether an account's login works: the provider says so (its account status webhook, or a call
 * refused because the login is disconnected). A disconnected account's actions wait
 * (`account_disconnected`) until it is reconnected, and fail after a while (lib/outreach/run/defer-action.ts).
 */
import type { Account } from '../../store/accounts';
import { findAccountsByLogin, markDisconnectedItem, markReconnectedItem } from '../../store/accounts';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { accountConnectionData } from '../../webhooks/event-data';

/** What said the login stopped working: the provider's status webhook, or a call it refused. */
export type DisconnectCause = 'provider_status' | 'provider_error';

/** What the connection of an account's login became, and the event that tells it. */
const changes = {
  disconnected: { event: 'account.disconnected', item: markDisconnectedItem },
  reconnected: { event: 'account.reconnected', item: markReconnectedItem },
} as const;

/**
 * Marks the account's login disconnected, or connected again, with `account.disconnected` or
 * `account.reconnected` in the same transaction; false when it already was so (each event is sent
 * once per change). A reconnected account's waiting actions run at their next look
 * (ACCOUNT_RECHECK_SECONDS at most).
 */
async function markConnection(
  deps: EventDeps,
  account: Account,
  change: keyof typeof changes,
  cause: { cause: DisconnectCause | 'connect_link'; detail?: string },
  now: Date,
): Promise<boolean> {
  const { event, item } = changes[change];
  const prepared = await prepareEvent(
    deps.db,
    account.workspaceId,
    event,
    accountConnectionData(account, { at: now.toISOString(), ...cause }),
    now,
  );
  return commitWithEvents(deps, [item(deps.db, account, now)], [prepared]);
}

/** Marks the account disconnected (see `markConnection`). */
export function markAccountDisconnected(
  deps: EventDeps,
  account: Account,
  cause: { cause: DisconnectCause; detail: string },
  now: Date,
): Promise<boolean> {
  return markConnection(deps, account, 'disconnected', cause, now);
}

/** Marks a disconnected account connected again (see `markConnection`). */
export function markAccountReconnected(
  deps: EventDeps,
  account: Account,
  cause: { cause: 'provider_status' | 'connect_link'; detail?: string },
  now: Date,
): Promise<boolean> {
  return markConnection(deps, account, 'reconnected', cause, now);
}

/**
 * The provider's word on a login (its account status webhook): every account connected through it,
 * in any workspace, is marked disconnected or connected again. Returns how many changed.
 */
export async function applyLoginState(
  deps: EventDeps,
  providerAccountId: string,
  state: 'connected' | 'disconnected',
  detail: string,
  now: Date,
): Promise<number> {
  let changed = 0;
  for (const account of await findAccountsByLogin(deps.db, providerAccountId)) {
    const done =
      state === 'disconnected'
        ? await markAccountDisconnected(deps, account, { cause: 'provider_status', detail }, now)
        : await markAccountReconnected(deps, account, { cause: 'provider_status', detail }, now);
    if (done) changed += 1;
  }
  return changed;
}
