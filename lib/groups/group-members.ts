import type { FieldError } from '../errors';
import { DependencyUnavailableError, NotFoundError, UnprocessableError } from '../errors';
import { isAccountIdShape } from '../schemas/account-id';
import { MAX_GROUP_ACCOUNTS } from '../schemas/group';
import { getAccounts } from '../store/accounts';
import type { Db } from '../store/client';
import type { Group } from '../store/groups';
import { getGroup, listGroups, replaceGroupMembers } from '../store/groups';
import { groupNotFound } from './group-name';

/** Attempts of a change of members that another change keeps overtaking, before the caller is asked to retry. */
const MAX_ATTEMPTS = 10;

/**
 * The distinct ids of `accountIds` (first occurrence kept), once each is known to be an account of
 * the workspace; else a 422 (`unknown-accounts`) naming each unknown one as `<field>.<index>`.
 */
export async function requireKnownAccounts(db: Db, workspaceId: string, accountIds: string[], field = 'accounts'): Promise<string[]> {
  const distinct = [...new Set(accountIds)];
  const found = new Set(
    (
      await getAccounts(
        db,
        workspaceId,
        distinct.filter((id) => isAccountIdShape(id)),
      )
    ).map((account) => account.accountId),
  );
  const unknown: FieldError[] = accountIds.flatMap((id, index) =>
    found.has(id) ? [] : [{ path: `${field}.${index}`, message: `the workspace has no account ${JSON.stringify(id.slice(0, 100))}` }],
  );
  if (unknown.length) {
    throw new UnprocessableError(
      'unknown-accounts',
      `Unknown account(s): ${unknown.length} of the named accounts are not accounts of this workspace.`,
      unknown,
    );
  }
  return distinct;
}

/** A 422 when a group would hold more than MAX_GROUP_ACCOUNTS accounts. */
export function checkGroupSize(members: string[]): void {
  if (members.length > MAX_GROUP_ACCOUNTS) {
    throw new UnprocessableError('group-too-large', `A group holds at most ${MAX_GROUP_ACCOUNTS} accounts.`, [
      { path: 'accounts', message: `the group would hold ${members.length} accounts; at most ${MAX_GROUP_ACCOUNTS}` },
    ]);
  }
}

/**
 * Changes a group's members from what they are (`change` maps the current list to the new one),
 * never losing a change made at the same moment: the write holds only while the members are still
 * those read, else it reads them again. The group as it now is; a 404 when it does not exist.
 */
export async function changeMembers(
  db: Db,
  workspaceId: string,
  name: string,
  change: (current: string[]) => string[],
  /** The group as the caller just read it, to start from. */
  read?: Group,
): Promise<Group> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const group = attempt === 0 && read ? read : await getGroup(db, workspaceId, name);
    if (!group) throw groupNotFound(name);
    const members = [...new Set(change(group.accountIds))];
    if (members.length === group.accountIds.length && members.every((id, index) => id === group.accountIds[index])) return group;
    checkGroupSize(members);
    if (await replaceGroupMembers(db, workspaceId, group.name, group.accountIds, members)) return { ...group, accountIds: members };
  }
  throw new DependencyUnavailableError('The group is being changed by other requests at the same moment; retry.', 1);
}

/** Takes an account out of every group of the workspace; the names of the groups it was in. */
export async function removeAccountFromGroups(db: Db, workspaceId: string, accountId: string): Promise<string[]> {
  const groups = (await listGroups(db, workspaceId)).filter((group) => group.accountIds.includes(accountId));
  for (const group of groups) {
    try {
      await changeMembers(db, workspaceId, group.name, (members) => members.filter((id) => id !== accountId));
    } catch (error) {
      // Deleted meanwhile: nothing left to take it out of.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return groups.map((group) => group.name);
}
