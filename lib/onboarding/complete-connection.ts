import { ConflictError, HttpError, NotFoundError, UnprocessableError } from '../errors';
import { newId } from '../ids';
import { normaliseProfileUrl, profilePublicId } from '../network/model/profile-url';
import type { OwnProfile } from '../network/network-actions';
import { markAccountReconnected } from '../outreach/safety/account-connection';
import { accountInputSchema } from '../schemas/account-settings';
import { validate } from '../schemas/validate';
import type { Account } from '../store/accounts';
import { findAccountByProfile, findAccountsByLogin, getAccount } from '../store/accounts';
import type { ConnectLink } from '../store/connect-links';
import { getConnectLink, newAccountItem, reconnectedAccountItem, releaseConnectLink, useConnectLinkItem } from '../store/connect-links';
import { commitWithEvents, prepareEvent } from '../webhooks/emit-event';
import { accountConnectionData } from '../webhooks/event-data';
import type { ConnectDeps } from './connect-deps';
import { linkNotValid, linkUsed } from './connect-link-refusals';
import type { OpenLink } from './open-connect-link';
import { askProvider } from './provider-failure';
import { ownProfileWhenReady } from './login-ready';
import { withoutReorderingOrControl } from '../schemas/display-name';

/** What a link did: an account made, or an existing one connected again. */
export interface Connection {
  kind: 'connected' | 'reconnected';
  account: Account;
  link: ConnectLink;
}

const MAX_NAME = 200;

/** The account's name: the link's, else the profile's (cut to the longest name an account may have), else its public id. */
function accountName(link: ConnectLink, profile: OwnProfile, profileUrl: string): string {
  // The link's name was checked when it was asked for; the profile's is the network's, made fit to show.
  const name = (link.name ?? withoutReorderingOrControl(profile.name)).trim().slice(0, MAX_NAME).trim();
  return name || profilePublicId(profileUrl);
}

/** The reason a link's use was refused by its transaction: used meanwhile, or (`otherwise`) what the caller says. */
async function refusal(deps: ConnectDeps, tokenHash: string, otherwise: () => Promise<HttpError>): Promise<HttpError> {
  const current = await getConnectLink(deps.db, tokenHash);
  return current?.usedAt !== undefined ? linkUsed() : otherwise();
}

/** The provider knows no such login: the report named one that was never connected (a 422, not the provider's failure). */
const unknownLogin = {
  account_not_found: () =>
    new UnprocessableError('unknown-login', 'The network provider knows no connected login of this id; nothing was connected.', [
      { path: 'account_id', message: 'is not a login the provider knows' },
    ]),
};

async function connectNewAccount(
  deps: ConnectDeps,
  { link, tokenHash }: OpenLink,
  providerAccountId: string,
  now: Date,
): Promise<Connection> {
  const profile = await askProvider(() => ownProfileWhenReady(deps.provider, providerAccountId, deps.loginReadySeconds ?? 0), unknownLogin);
  const profileUrl = normaliseProfileUrl(profile.profileUrl);
  if (profileUrl === undefined) {
    throw new HttpError(502, 'provider-refused', 'Bad gateway', "The network provider gave the login's profile without a profile URL.");
  }
  const sameProfile = await findAccountByProfile(deps.db, link.workspaceId, profileUrl);
  const sameLogin = (await findAccountsByLogin(deps.db, providerAccountId)).find((account) => account.workspaceId === link.workspaceId);
  const existing = sameProfile ?? sameLogin;
  if (existing) {
    throw new ConflictError(
      'account-exists',
      `The workspace already has an account for this login (${existing.profileUrl}): ${existing.accountId}. To connect it again, ask for a link that reconnects it.`,
    );
  }

  const settings = validate(accountInputSchema, { name: accountName(link, profile, profileUrl), profileUrl, providerAccountId });
  const at = now.toISOString();
  const account: Account = {
    ...settings,
    accountId: newId('acc'),
    workspaceId: link.workspaceId,
    provider: deps.provider.name,
    connectedAt: at,
    createdAt: at,
  };
  const event = await prepareEvent(
    deps.db,
    link.workspaceId,
    'account.connected',
    accountConnectionData(account, { at, cause: 'connect_link' }),
    now,
  );
  // The link is used up in the transaction that creates the account: a replay creates nothing.
  const items = [useConnectLinkItem(deps.db, tokenHash, account.accountId, now), newAccountItem(deps.db, account)];
  if (!(await commitWithEvents(deps, items, [event]))) throw await refusal(deps, tokenHash, async () => linkUsed());
  return { kind: 'connected', account, link: { ...link, usedAt: at, accountId: account.accountId } };
}

const accountGone = () => new NotFoundError('The account this link reconnects no longer exists in the workspace.');

function loginMismatch(account: Account): ConflictError {
  return new ConflictError(
    'connect-login-mismatch',
    `This link reconnects the login of account ${account.accountId} (${account.profileUrl}); another login was connected, and nothing changed.`,
  );
}

/**
 * Connects an account's own login again. Another login is refused (409): the account's history
 * (its invitations, conversations and leads) belongs to its login, and a person who connected
 * someone else's would take it over. The link is used up with the reconnection's time written on
 * the account; then, if the account was disconnected, it is marked connected with
 * `account.reconnected` (account-connection.ts).
 */
async function reconnectAccount(
  deps: ConnectDeps,
  { link, tokenHash }: OpenLink,
  providerAccountId: string,
  now: Date,
): Promise<Connection> {
  const account = await getAccount(deps.db, link.workspaceId, link.reconnectAccountId ?? '');
  if (!account) throw accountGone();
  if (providerAccountId !== account.providerAccountId) throw loginMismatch(account);
  // The provider still knows the login (and, for the sandbox, its page registered it).
  await askProvider(() => ownProfileWhenReady(deps.provider, providerAccountId, deps.loginReadySeconds ?? 0), unknownLogin);

  const items = [
    useConnectLinkItem(deps.db, tokenHash, account.accountId, now),
    reconnectedAccountItem(deps.db, account, deps.provider.name, now),
  ];
  if (!(await commitWithEvents(deps, items, []))) {
    throw await refusal(deps, tokenHash, async () => {
      const current = await getAccount(deps.db, link.workspaceId, account.accountId);
      return current ? loginMismatch(current) : accountGone();
    });
  }
  if (account.disconnectedAt !== undefined) {
    try {
      await markAccountReconnected(deps, account, { cause: 'connect_link' }, now);
    } catch (error) {
      // The link can be opened again to finish: nothing else was done but the time written.
      await releaseConnectLink(deps.db, tokenHash, now).catch(() => false);
      throw error;
    }
  }
  const { disconnectedAt: _was, ...connected } = account;
  return {
    kind: 'reconnected',
    account: { ...connected, provider: deps.provider.name, connectedAt: now.toISOString() },
    link: { ...link, usedAt: now.toISOString(), accountId: account.accountId },
  };
}

/**
 * Completes a connection with the login `providerAccountId`, through a link opened with
 * `openConnectLink` (which refuses a state that is not ours, expired or used): the sandbox's page and
 * the provider's report both end here. A new account is named after the login's profile (the
 * provider's `getOwnProfile`), or the link's `name`; a profile or login the workspace already has is
 * refused (409 `account-exists`), as is a link used meanwhile (409, the loser of two racing uses),
 * changing nothing.
 */
export async function completeConnection(deps: ConnectDeps, opened: OpenLink, providerAccountId: string, now: Date): Promise<Connection> {
  // The provider that made the link names its logins: another one's answer would be about someone else.
  if (opened.link.provider !== deps.provider.name) throw linkNotValid();
  return opened.link.type === 'reconnect'
    ? reconnectAccount(deps, opened, providerAccountId, now)
    : connectNewAccount(deps, opened, providerAccountId, now);
}
