/**
 * Administration of workspaces, api keys, accounts and groups: what the admin CLI and the demo
 * seed do, with the same validation, against whichever table the Db points at. Changes of accounts
 * and groups go through the API's own use cases (lib/accounts, lib/groups), their refusals said as
 * AdminErrors.
 */
import * as z from '../zod';
import type { AccountRemoval } from '../accounts/remove-account';
import { removeAccount as removeAccountUseCase } from '../accounts/remove-account';
import { updateAccount as updateAccountUseCase } from '../accounts/update-account';
import { generateApiKey } from '../auth/api-key';
import { AdminError, HttpError, ValidationError } from '../errors';
import { addGroupAccounts, deleteGroupNamed, putGroup, removeGroupAccount, showGroup } from '../groups/manage-groups';
import { newId } from '../ids';
import type { Account } from '../store/accounts';
import { findAccountByProfile, getAccount, putAccount, updateAccountSettings } from '../store/accounts';
import { putApiKey } from '../store/api-keys';
import type { Db } from '../store/client';
import { getGroup } from '../store/groups';
import type { Workspace, WorkspaceSettings } from '../store/workspaces';
import { createWorkspace, getWorkspace, updateWorkspaceSettings } from '../store/workspaces';
import { validate } from '../schemas/validate';
import { accountPatchSchema } from '../schemas/account-patch';
import type { AccountInput } from '../schemas/account-settings';
import {
  accountInputSchema,
  spacingSchema,
  workspaceIdSchema,
  workspaceNameSchema,
  workspaceSettingsSchema,
} from '../schemas/account-settings';
import { groupNameSchema } from '../schemas/group-names';
import { profileUrlSchema } from '../schemas/profile-url';

export async function requireWorkspace(db: Db, workspaceId: string): Promise<Workspace> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw new AdminError(`workspace ${JSON.stringify(workspaceId)} does not exist (see: workspace list)`);
  return workspace;
}

export async function addWorkspace(db: Db, workspaceId: string, name: string, settings: WorkspaceSettings = {}): Promise<Workspace> {
  const parsed = workspaceIdSchema.safeParse(workspaceId);
  if (!parsed.success) throw new AdminError(`workspace id ${JSON.stringify(workspaceId)} ${parsed.error.issues[0]?.message}`);
  const named = workspaceNameSchema.safeParse(name);
  if (!named.success) throw new AdminError(`workspace name ${JSON.stringify(name)} ${named.error.issues[0]?.message}`);
  const workspace: Workspace = { workspaceId, name: named.data, settings, createdAt: new Date().toISOString() };
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

/**
 * The one place a refusal of the API's rules becomes the CLI's: an HttpError of a use case or of
 * validation, said as an AdminError (each field `path: message`; the detail too when it is no mere
 * validation). Anything else is thrown as it is.
 */
function describeInvalid(error: unknown): never {
  if (!(error instanceof HttpError)) throw error;
  const fields = ((error.extra.errors ?? []) as Array<{ path: string; message: string }>).map((e) => `${e.path || 'input'}: ${e.message}`);
  if (error instanceof ValidationError) throw new AdminError(fields.join('; '));
  throw new AdminError([error.message, ...fields].join('; '));
}

/** Runs a use case of lib/ for the CLI: its refusals as AdminErrors (see `describeInvalid`). */
async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    describeInvalid(error);
  }
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

/** What only an administrator changes of an account: who it is (its profile and login), its name and its spacing. */
const identitySchema = z.strictObject({
  name: z.optional(accountInputSchema.shape.name),
  profileUrl: z.optional(profileUrlSchema),
  providerAccountId: z.optional(accountInputSchema.shape.providerAccountId),
  spacing: z.optional(spacingSchema),
});

/**
 * Changes an account: its mode, timezone, working hours, limits and status through the API's own
 * use case (PATCH /api/v1/accounts/{id}: daily limits merge kind by kind, `status` is `paused`);
 * then what only an administrator changes: its name and spacing (kinds not named keep their gaps),
 * and its profile URL or login (still unique in the workspace).
 */
export async function updateAccount(db: Db, workspaceId: string, accountId: string, changes: Partial<AccountInput>): Promise<Account> {
  await requireWorkspace(db, workspaceId);
  const { name, profileUrl, providerAccountId, spacing, mode, timezone, workingHours, dailyLimits, weeklyInvitations, status, ownerEmail } =
    changes;
  if (status !== undefined && status !== 'active' && status !== 'paused') throw new AdminError('--status must be active or paused');
  const patch = {
    ...(mode !== undefined ? { mode } : {}),
    ...(timezone !== undefined ? { timezone } : {}),
    ...(workingHours !== undefined ? { workingHours } : {}),
    ...(dailyLimits !== undefined || weeklyInvitations !== undefined
      ? { limits: { ...(dailyLimits ? { daily: dailyLimits } : {}), ...(weeklyInvitations !== undefined ? { weeklyInvitations } : {}) } }
      : {}),
    ...(status !== undefined ? { paused: status === 'paused' } : {}),
    // `--owner-email none` stops the mails, as `ownerEmail: null` does over the API.
    ...(ownerEmail !== undefined ? { ownerEmail: ownerEmail === 'none' ? null : ownerEmail } : {}),
  };
  const identity = await asAdmin(async () => validate(identitySchema, { name, profileUrl, providerAccountId, spacing }));
  if (Object.keys(patch).length) await asAdmin(() => updateAccountUseCase(db, workspaceId, accountId, validate(accountPatchSchema, patch)));
  const current = await getAccount(db, workspaceId, accountId);
  if (!current) throw new AdminError(`workspace ${workspaceId} has no account ${accountId}`);
  if (identity.name !== undefined || identity.spacing !== undefined) {
    await updateAccountSettings(db, workspaceId, accountId, {
      ...(identity.name !== undefined ? { name: identity.name } : {}),
      ...(identity.spacing !== undefined ? { spacing: { ...current.spacing, ...identity.spacing } } : {}),
    });
  }
  const moved =
    (identity.profileUrl !== undefined && identity.profileUrl !== current.profileUrl) ||
    (identity.providerAccountId !== undefined && identity.providerAccountId !== current.providerAccountId);
  if (moved) {
    if (
      identity.profileUrl !== undefined &&
      identity.profileUrl !== current.profileUrl &&
      (await findAccountByProfile(db, workspaceId, identity.profileUrl))
    ) {
      throw new AdminError(`the workspace already has an account for ${identity.profileUrl}`);
    }
    // The whole item again: its profile and login are index keys.
    const latest = (await getAccount(db, workspaceId, accountId)) ?? current;
    await putAccount(db, {
      ...latest,
      ...(identity.profileUrl !== undefined ? { profileUrl: identity.profileUrl } : {}),
      ...(identity.providerAccountId !== undefined ? { providerAccountId: identity.providerAccountId } : {}),
    });
  }
  return (await getAccount(db, workspaceId, accountId)) ?? current;
}

/**
 * Removes an account as `DELETE /api/v1/accounts/{id}` does: out of every group, deleted, and its
 * waiting actions cancelled (`account_removed`). Their events are written; the webhook sweep
 * delivers them.
 */
export async function removeAccount(db: Db, workspaceId: string, accountId: string): Promise<AccountRemoval> {
  await requireWorkspace(db, workspaceId);
  return asAdmin(() => removeAccountUseCase({ db }, workspaceId, accountId, new Date()));
}

/** Creates an empty group (PUT /api/v1/groups/{name} with no accounts), refusing a name the workspace has. */
export async function addGroup(db: Db, workspaceId: string, name: string): Promise<void> {
  await requireWorkspace(db, workspaceId);
  if (!z.safeParse(groupNameSchema, name).success) throw new AdminError('a group name is 1 to 100 characters');
  if (await getGroup(db, workspaceId, name)) throw new AdminError(`group ${JSON.stringify(name)} already exists`);
  await asAdmin(() => putGroup(db, workspaceId, name, { accounts: [] }, new Date()));
}

/** Deletes a group (its accounts stay). */
export async function removeGroup(db: Db, workspaceId: string, name: string): Promise<void> {
  await requireWorkspace(db, workspaceId);
  await asAdmin(() => deleteGroupNamed(db, workspaceId, name));
}

/**
 * Adds accounts to, or removes them from, a group, as the API's group endpoints do (added accounts
 * must be the workspace's); the group's members as they now are.
 */
export async function changeGroupMembers(
  db: Db,
  workspaceId: string,
  name: string,
  accountIds: string[],
  change: 'add' | 'remove',
): Promise<string[]> {
  await requireWorkspace(db, workspaceId);
  return asAdmin(async () => {
    if (change === 'add') return (await addGroupAccounts(db, workspaceId, name, { accounts: accountIds })).accountIds;
    for (const accountId of accountIds) await removeGroupAccount(db, workspaceId, name, accountId);
    return (await showGroup(db, workspaceId, name)).accountIds;
  });
}
