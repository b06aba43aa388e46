import type { GroupAccountsAdd, GroupPut } from '../schemas/group';
import type { Db } from '../store/client';
import { deleteGroup, getGroup, listGroups, putGroupMembers } from '../store/groups';
import { changeMembers, checkGroupSize, requireKnownAccounts } from './group-members';
import { groupNameFromPath, groupNotFound } from './group-name';
import type { GroupView } from './group-view';
import { groupView } from './group-view';

/**
 * The groups endpoints. A group's name comes from the path as the caller wrote it (see
 * `groupNameFromPath`) and matches case-insensitively; account ids come from the body, and one the
 * workspace has no account of is a 422 naming it.
 */

/** GET /api/v1/groups: every group of the workspace, by name. */
export async function listGroupViews(db: Db, workspaceId: string): Promise<{ items: GroupView[] }> {
  return { items: (await listGroups(db, workspaceId)).map(groupView) };
}

/** GET /api/v1/groups/{name}. */
export async function showGroup(db: Db, workspaceId: string, rawName: string | undefined): Promise<GroupView> {
  const name = groupNameFromPath(rawName, 'read');
  const group = await getGroup(db, workspaceId, name);
  if (!group) throw groupNotFound(name);
  return groupView(group);
}

/**
 * PUT /api/v1/groups/{name}: creates the group with these accounts, or replaces the accounts of the
 * one of that name (whose spelling and creation time stay); `created` says which.
 */
export async function putGroup(
  db: Db,
  workspaceId: string,
  rawName: string | undefined,
  body: GroupPut,
  now: Date,
): Promise<{ group: GroupView; created: boolean }> {
  const name = groupNameFromPath(rawName, 'create');
  const accountIds = await requireKnownAccounts(db, workspaceId, body.accounts);
  checkGroupSize(accountIds);
  const { group, created } = await putGroupMembers(db, workspaceId, name, accountIds, now);
  return { group: groupView(group), created };
}

/** DELETE /api/v1/groups/{name}: the group goes; its accounts stay. Jobs already accepted from it are not changed. */
export async function deleteGroupNamed(db: Db, workspaceId: string, rawName: string | undefined): Promise<void> {
  const name = groupNameFromPath(rawName, 'read');
  if (!(await deleteGroup(db, workspaceId, name))) throw groupNotFound(name);
}

/** POST /api/v1/groups/{name}/accounts: adds accounts (one already in the group stays, once); the group as it now is. */
export async function addGroupAccounts(
  db: Db,
  workspaceId: string,
  rawName: string | undefined,
  body: GroupAccountsAdd,
): Promise<GroupView> {
  const name = groupNameFromPath(rawName, 'read');
  // The group first: a missing group is a 404 whatever the body names.
  const group = await getGroup(db, workspaceId, name);
  if (!group) throw groupNotFound(name);
  const added = await requireKnownAccounts(db, workspaceId, body.accounts);
  return groupView(await changeMembers(db, workspaceId, name, (members) => [...members, ...added], group));
}

/**
 * DELETE /api/v1/groups/{name}/accounts/{accountId}: takes the account out of the group. One that
 * is not in it (any more) is not an error: the group is as asked, and a retried request whose answer
 * was lost succeeds again. A group that does not exist is a 404.
 */
export async function removeGroupAccount(db: Db, workspaceId: string, rawName: string | undefined, accountId: string): Promise<void> {
  const name = groupNameFromPath(rawName, 'read');
  await changeMembers(db, workspaceId, name, (members) => members.filter((id) => id !== accountId));
}
