import type { FieldError } from '../../errors';
import { UnprocessableError } from '../../errors';
import type { Account } from '../../store/accounts';
import { getAccounts } from '../../store/accounts';
import type { Db } from '../../store/client';
import { getGroups, groupKey } from '../../store/groups';

/**
 * The distinct active accounts of the named groups (an account in two groups acts once), in the
 * order the groups name them. 422 naming each unknown group, or each group with no active account.
 */
export async function resolveGroupAccounts(db: Db, workspaceId: string, groupNames: string[], field = 'groups'): Promise<Account[]> {
  const groups = await getGroups(db, workspaceId, groupNames);
  const unknown: FieldError[] = groupNames.flatMap((name, index) =>
    groups.has(groupKey(name)) ? [] : [{ path: `${field}.${index}`, message: `the workspace has no group named ${JSON.stringify(name)}` }],
  );
  if (unknown.length) {
    throw new UnprocessableError(
      'unknown-groups',
      `Unknown group(s): ${unknown.length} of the named groups do not exist in this workspace.`,
      unknown,
    );
  }

  const memberIds = [...new Set(groupNames.flatMap((name) => groups.get(groupKey(name))?.accountIds ?? []))];
  const active = new Map(
    (await getAccounts(db, workspaceId, memberIds))
      .filter((account) => account.status === 'active')
      .map((account) => [account.accountId, account]),
  );
  const empty: FieldError[] = groupNames.flatMap((name, index) =>
    (groups.get(groupKey(name))?.accountIds ?? []).some((id) => active.has(id))
      ? []
      : [{ path: `${field}.${index}`, message: `group ${JSON.stringify(name)} has no active account` }],
  );
  if (empty.length) {
    throw new UnprocessableError('groups-without-accounts', 'Some of the named groups have no active account to act from.', empty);
  }
  return memberIds.flatMap((id) => active.get(id) ?? []);
}
