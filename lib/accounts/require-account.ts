import { NotFoundError } from '../errors';
import { isAccountIdShape } from '../schemas/account-id';
import type { Account } from '../store/accounts';
import { getAccount } from '../store/accounts';
import type { Db } from '../store/client';

/** Where an account is read: `GET /api/v1/accounts/{accountId}`. */
export const accountLocation = (accountId: string) => `/api/v1/accounts/${accountId}`;

export const accountNotFound = (accountId: string) =>
  new NotFoundError(`No account ${JSON.stringify(accountId.slice(0, 64))} in this workspace.`);

/** The workspace's account, or a 404 (also for another workspace's, and for an id that cannot be one, without a read). */
export async function requireAccount(db: Db, workspaceId: string, accountId: string): Promise<Account> {
  const account = isAccountIdShape(accountId) ? await getAccount(db, workspaceId, accountId) : undefined;
  if (!account) throw accountNotFound(accountId);
  return account;
}
