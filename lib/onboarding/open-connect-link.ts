import type { ConnectLink } from '../store/connect-links';
import { getConnectLink } from '../store/connect-links';
import type { Secret } from '../secrets';
import type { Db } from '../store/client';
import { linkExpired, linkNotValid, linkUsed } from './connect-link-refusals';
import { connectStateHash, verifyConnectState } from './connect-state';

/** A link that may still connect an account: its stored record, and the token's hash it is stored under. */
export interface OpenLink {
  link: ConnectLink;
  tokenHash: string;
}

/**
 * The link a state names, while it may still be used: 404 when the state is not ours (checked before
 * any read), or names no stored link, or a link of another provider than `provider`; 410 once
 * expired; 409 once used.
 */
export async function openConnectLink(
  deps: { db: Db; secret: Secret },
  token: string,
  provider: ConnectLink['provider'],
  now: Date,
): Promise<OpenLink> {
  const check = verifyConnectState(await deps.secret(), token, now);
  if (!check.ok) throw check.reason === 'expired' ? linkExpired(check.expiresAt) : linkNotValid();
  const tokenHash = connectStateHash(token);
  const link = await getConnectLink(deps.db, tokenHash);
  if (!link || link.workspaceId !== check.state.workspaceId || link.provider !== provider) throw linkNotValid();
  if (link.usedAt !== undefined) throw linkUsed();
  return { link, tokenHash };
}
