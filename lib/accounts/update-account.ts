import { ValidationError } from '../errors';
import type { AccountPatch } from '../schemas/account-patch';
import type { Account, AccountSettings, DailyLimits } from '../store/accounts';
import { updateAccountSettings } from '../store/accounts';
import type { Db } from '../store/client';
import { listGroups } from '../store/groups';
import { getWorkspace } from '../store/workspaces';
import type { AccountView } from './account-view';
import { accountView, groupNamesOf } from './account-view';
import { accountNotFound, requireAccount } from './require-account';

/** The account's own daily limits once `change` is applied: a number sets a kind, null removes it, kinds not named stay. */
function mergedDailyLimits(current: DailyLimits, change: NonNullable<NonNullable<AccountPatch['limits']>['daily']>): DailyLimits {
  const merged: Record<string, number> = { ...current };
  for (const [field, value] of Object.entries(change)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return merged;
}

/**
 * The settings a PATCH writes, from the account as it is: only the fields it names (an undefined
 * value removes the account's own setting, so the workspace's applies again). `paused` maps to the
 * stored status. Daily limits merge kind by kind with the account's. A 400 when the account's own
 * daily invitations would exceed its own weekly limit (the week's would never let them all go).
 */
export function accountSettingsChange(current: Pick<Account, 'dailyLimits' | 'weeklyInvitations'>, patch: AccountPatch): AccountSettings {
  const settings: AccountSettings = {};
  if (patch.mode !== undefined) settings.mode = patch.mode;
  if (patch.timezone !== undefined) settings.timezone = patch.timezone;
  if (patch.workingHours !== undefined) settings.workingHours = patch.workingHours ?? undefined;
  if (patch.paused !== undefined) settings.status = patch.paused ? 'paused' : 'active';
  if (patch.ownerEmail !== undefined) settings.ownerEmail = patch.ownerEmail?.toLowerCase() ?? undefined;
  if (patch.limits === null) {
    settings.dailyLimits = {};
    settings.weeklyInvitations = undefined;
  } else if (patch.limits) {
    const { daily, weeklyInvitations } = patch.limits;
    if (daily !== undefined) settings.dailyLimits = daily === null ? {} : mergedDailyLimits(current.dailyLimits ?? {}, daily);
    if (weeklyInvitations !== undefined) settings.weeklyInvitations = weeklyInvitations ?? undefined;
  }
  const dailyInvitations = (settings.dailyLimits ?? current.dailyLimits)?.invitations;
  const weekly = 'weeklyInvitations' in settings ? settings.weeklyInvitations : current.weeklyInvitations;
  if (dailyInvitations !== undefined && weekly !== undefined && dailyInvitations > weekly) {
    throw new ValidationError([
      { path: 'limits.daily.invitations', message: `must not exceed the weekly invitation limit (${weekly} for this account)` },
    ]);
  }
  return settings;
}

/**
 * PATCH /api/v1/accounts/{accountId}: writes only the settings named, leaving the rest (its
 * connection state, which the provider may change meanwhile) as it is; the account as it now is.
 * Two PATCHes of one account's daily limits at the same moment may keep only one of them (the
 * limits are merged from the account as read).
 */
export async function updateAccount(db: Db, workspaceId: string, accountId: string, patch: AccountPatch): Promise<AccountView> {
  const current = await requireAccount(db, workspaceId, accountId);
  const updated = await updateAccountSettings(db, workspaceId, accountId, accountSettingsChange(current, patch));
  // Removed between the read and the write.
  if (!updated) throw accountNotFound(accountId);
  const [workspace, groups] = await Promise.all([getWorkspace(db, workspaceId), listGroups(db, workspaceId)]);
  return accountView(updated, workspace?.settings, groupNamesOf(groups, accountId));
}
