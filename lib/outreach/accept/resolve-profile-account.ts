import { UnprocessableError } from '../../errors';
import type { Account } from '../../store/accounts';
import { findAccountByProfile } from '../../store/accounts';
import type { Db } from '../../store/client';

/**
 * The active account of the workspace whose profile is `profileUrl` (already normalised), or a
 * 422 naming `field`: only the workspace's own connected accounts can act.
 */
export async function resolveProfileAccount(db: Db, workspaceId: string, profileUrl: string, field: string): Promise<Account> {
  const account = await findAccountByProfile(db, workspaceId, profileUrl);
  if (!account || account.status !== 'active') {
    const why = account ? 'is paused' : 'is not a connected account of this workspace';
    throw new UnprocessableError('unknown-account', `${field} ${why}: only the workspace's active accounts can act.`, [
      { path: field, message: `${profileUrl} ${why}` },
    ]);
  }
  return account;
}
