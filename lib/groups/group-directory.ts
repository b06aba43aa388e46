import { getConfig } from '../config';
import type { FieldError } from '../errors';
import { UnprocessableError } from '../errors';
import { getAccounts } from '../store/accounts';
import type { Db } from '../store/client';
import type { Group } from '../store/groups';
import { getGroups, groupKey } from '../store/groups';
import { TtlCache } from '../ttl-cache';

/** Accounts of a group read at a time while looking for an active one (one BatchGet). */
const ACTIVE_PROBE = 100;

/**
 * The groups a like or a comment names, as a warm container last read them: a group that exists and
 * had an active account is trusted for GROUP_CACHE_SECONDS, so a burst of requests from the same
 * groups reads nothing. Nothing else is kept: an unknown group, or one with no active account, is
 * read again on the next request (creating the group, or connecting an account, takes effect at once).
 */
export type GroupDirectory = TtlCache<Group>;

const entryKey = (workspaceId: string, name: string) => `${workspaceId}\u0000${groupKey(name)}`;

let shared: GroupDirectory | undefined;
function sharedDirectory(): GroupDirectory {
  shared ??= new TtlCache<Group>(getConfig().GROUP_CACHE_SECONDS * 1000);
  return shared;
}

/** Whether one of `memberIds` is an active account, reading them a batch at a time until one is. */
async function hasActiveAccount(db: Db, workspaceId: string, memberIds: string[]): Promise<boolean> {
  for (let i = 0; i < memberIds.length; i += ACTIVE_PROBE) {
    const accounts = await getAccounts(db, workspaceId, memberIds.slice(i, i + ACTIVE_PROBE));
    if (accounts.some((account) => account.status === 'active')) return true;
  }
  return false;
}

/**
 * Checks the groups a job would act from and counts their distinct accounts, with no read that
 * grows with the groups beyond finding one active account in each: 422 naming each unknown group,
 * or each group with no active account. The accounts themselves are read by the planner.
 */
export async function checkGroupsToActFrom(
  db: Db,
  workspaceId: string,
  groupNames: string[],
  field = 'groups',
  directory: GroupDirectory = sharedDirectory(),
  now = Date.now(),
): Promise<{ accountCount: number }> {
  const known = new Map<string, Group>();
  for (const name of groupNames) {
    const group = directory.get(entryKey(workspaceId, name), now);
    if (group) known.set(groupKey(name), group);
  }
  const toRead = groupNames.filter((name) => !known.has(groupKey(name)));
  const read = toRead.length ? await getGroups(db, workspaceId, toRead) : new Map<string, Group>();

  const unknown: FieldError[] = groupNames.flatMap((name, index) =>
    known.has(groupKey(name)) || read.has(groupKey(name))
      ? []
      : [{ path: `${field}.${index}`, message: `the workspace has no group named ${JSON.stringify(name)}` }],
  );
  if (unknown.length) {
    throw new UnprocessableError(
      'unknown-groups',
      `Unknown group(s): ${unknown.length} of the named groups do not exist in this workspace.`,
      unknown,
    );
  }

  const empty: FieldError[] = [];
  for (const [index, name] of groupNames.entries()) {
    const group = read.get(groupKey(name));
    if (!group || known.has(groupKey(name))) continue;
    if (await hasActiveAccount(db, workspaceId, group.accountIds)) {
      known.set(groupKey(name), group);
      directory.set(entryKey(workspaceId, name), group, now);
    } else {
      empty.push({ path: `${field}.${index}`, message: `group ${JSON.stringify(name)} has no active account` });
    }
  }
  if (empty.length) {
    throw new UnprocessableError('groups-without-accounts', 'Some of the named groups have no active account to act from.', empty);
  }
  return { accountCount: new Set(groupNames.flatMap((name) => known.get(groupKey(name))?.accountIds ?? [])).size };
}
