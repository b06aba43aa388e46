import type { Db } from '../store/client';
import { listGroups } from '../store/groups';
import { getWorkspace } from '../store/workspaces';
import type { AccountView } from './account-view';
import { accountView, groupNamesOf } from './account-view';
import { requireAccount } from './require-account';

/** GET /api/v1/accounts/{accountId}: the account, its effective limits and its groups; another workspace's is a 404. */
export async function showAccount(db: Db, workspaceId: string, accountId: string): Promise<AccountView> {
  const account = await requireAccount(db, workspaceId, accountId);
  const [workspace, groups] = await Promise.all([getWorkspace(db, workspaceId), listGroups(db, workspaceId)]);
  return accountView(account, workspace?.settings, groupNamesOf(groups, accountId));
}
