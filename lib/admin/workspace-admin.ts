/**
 * Administration of workspaces, api keys, accounts and groups: what the admin CLI and the demo
 * seed do, with the same validation, against whichever table the Db points at.
 */
import { generateApiKey } from '../auth/api-key';
import { newId } from '../ids';
import type { Account } from '../store/accounts';
import { deleteAccount, findAccountByProfile, getAccount, listAccounts, putAccount } from '../store/accounts';
import { putApiKey } from '../store/api-keys';
import type { Db } from '../store/client';
import { createGroup, getGroups, groupKey, listGroups, setGroupMembers } from '../store/groups';
import type { Workspace, WorkspaceSettings } from '../store/workspaces';
import { createWorkspace, getWorkspace, updateWorkspaceSettings } from '../store/workspaces';
import { validate } from '../schemas/validate';
import type { AccountInput } from '../schemas/account-settings';
import { accountInputSchema, workspaceIdSchema, workspaceSettingsSchema } from '../schemas/account-settings';
import { AdminError } from '../errors';

export async function requireWorkspace(db: Db, workspaceId: string): Promise<Workspace> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw new AdminError(`workspace ${JSON.stringify(workspaceId)} does not exist (see: workspace list)`);
  return workspace;
}

export async function addWorkspace(db: Db, workspaceId: string, name: string, settings: WorkspaceSettings = {}): Promise<Workspace> {
  const parsed = workspaceIdSchema.safeParse(workspaceId);
  if (!parsed.success) throw new AdminError(`workspace id ${JSON.stringify(workspaceId)} ${parsed.error.issues[0]?.message}`);
  const workspace: Workspace = { workspaceId, name, settings, createdAt: new Date().toISOString() };
  if (!(await createWorkspace(db, workspace))) throw new AdminError(`workspace ${JSON.stringify(workspaceId)} already exists`);
  return workspace;
}

/**
 * Changes a workspace's settings, checked as an administrator's input. `limits` merge with the
 * current ones (a daily limit not named stays); an undefined value puts a setting back to its default.
 */
export async function changeWorkspaceSettings(db: Db, workspaceId: string, changes: WorkspaceSettings): Promise<Workspace> {
  const current = await requireWorkspace(db, workspaceId);
  const limits = changes.limits && {
    ...current.settings.limits,
    ...changes.limits,
    daily: { ...current.settings.limits?.daily, ...changes.limits.daily },
  };
  // Kinds not named keep their gaps, as limits do.
  const spacing = changes.spacing && { ...current.settings.spacing, ...changes.spacing };
  const merged = { ...changes, ...(limits ? { limits } : {}), ...(spacing ? { spacing } : {}) };
  try {
    validate(workspaceSettingsSchema, JSON.parse(JSON.stringify(merged)));
  } catch (error) {
    describeInvalid(error);
  }
  return updateWorkspaceSettings(db, workspaceId, merged);
}

/** Issues a new api key; the key itself is returned once and never stored. */
export async function issueApiKey(db: Db, workspaceId: string, label?: string): Promise<{ keyId: string; key: string }> {
  await requireWorkspace(db, workspaceId);
  const { key, hash, prefix } = generateApiKey();
  const keyId = newId('key');
  await putApiKey(db, { keyId, workspaceId, hash, prefix, label, createdAt: new Date().toISOString() });
  return { keyId, key };
}

function describeInvalid(error: unknown): never {
  const errors = (error as { errors?: Array<{ path: string; message: string }> }).errors;
  if (errors) throw new AdminError(errors.map((e) => `${e.path || 'input'}: ${e.message}`).join('; '));
  throw error;
}

export async function addAccount(db: Db, workspaceId: string, input: AccountInput): Promise<Account> {
  await requireWorkspace(db, workspaceId);
  let parsed;
  try {
    parsed = validate(accountInputSchema, input);
  } catch (error) {
    describeInvalid(error);
  }
  const existing = await findAccountByProfile(db, workspaceId, parsed.profileUrl);
  if (existing) throw new AdminError(`the workspace already has an account for ${parsed.profileUrl}: ${existing.accountId}`);
  const account: Account = { ...parsed, accountId: newId('acc'), workspaceId, createdAt: new Date().toISOString() };
  await putAccount(db, account);
  return account;
}

export async function updateAccount(db: Db, workspaceId: string, accountId: string, changes: Partial<AccountInput>): Promise<Account> {
  const current = await getAccount(db, workspaceId, accountId);
  if (!current) throw new AdminError(`workspace ${workspaceId} has no account ${accountId}`);
  const { accountId: _a, workspaceId: _w, createdAt, ...editable } = current;
  let parsed;
  try {
    const spacing = editable.spacing || changes.spacing ? { spacing: { ...editable.spacing, ...changes.spacing } } : {};
    parsed = validate(accountInputSchema, {
      ...editable,
      ...changes,
      dailyLimits: { ...editable.dailyLimits, ...changes.dailyLimits },
      ...spacing,
    });
  } catch (error) {
    describeInvalid(error);
  }
  if (parsed.profileUrl !== current.profileUrl && (await findAccountByProfile(db, workspaceId, parsed.profileUrl))) {
    throw new AdminError(`the workspace already has an account for ${parsed.profileUrl}`);
  }
  const account: Account = { ...parsed, accountId, workspaceId, createdAt };
  await putAccount(db, account);
  return account;
}

/** Removes an account and takes it out of every group. */
export async function removeAccount(db: Db, workspaceId: string, accountId: string): Promise<void> {
  if (!(await getAccount(db, workspaceId, accountId))) throw new AdminError(`workspace ${workspaceId} has no account ${accountId}`);
  for (const group of await listGroups(db, workspaceId)) {
    if (group.accountIds.includes(accountId)) {
      await setGroupMembers(
        db,
        workspaceId,
        group.name,
        group.accountIds.filter((id) => id !== accountId),
      );
    }
  }
  await deleteAccount(db, workspaceId, accountId);
}

export async function addGroup(db: Db, workspaceId: string, name: string): Promise<void> {
  await requireWorkspace(db, workspaceId);
  if (!name.trim() || name.length > 100) throw new AdminError('a group name is 1 to 100 characters');
  if (!(await createGroup(db, workspaceId, name, new Date()))) throw new AdminError(`group ${JSON.stringify(name)} already exists`);
}

/** Adds accounts to, or removes them from, a group; accounts are checked to exist in the workspace. */
export async function changeGroupMembers(
  db: Db,
  workspaceId: string,
  name: string,
  accountIds: string[],
  change: 'add' | 'remove',
): Promise<string[]> {
  const group = (await getGroups(db, workspaceId, [name])).get(groupKey(name));
  if (!group) throw new AdminError(`workspace ${workspaceId} has no group ${JSON.stringify(name)}`);
  if (change === 'add') {
    const known = new Set((await listAccounts(db, workspaceId)).map((account) => account.accountId));
    const unknown = accountIds.filter((id) => !known.has(id));
    if (unknown.length) throw new AdminError(`unknown account(s): ${unknown.join(', ')}`);
  }
  const members = change === 'add' ? [...group.accountIds, ...accountIds] : group.accountIds.filter((id) => !accountIds.includes(id));
  await setGroupMembers(db, workspaceId, group.name, members);
  return [...new Set(members)];
}
