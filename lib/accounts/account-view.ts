import { actionKinds } from '../schemas/action-kind';
import type { AccountStatus } from '../schemas/account-list-query';
import { dailyLimitField, sourcedLimits } from '../outreach/safety/safety-defaults';
import type { Sourced } from '../outreach/safety/safety-defaults';
import type { Account, DailyLimits } from '../store/accounts';
import type { Group } from '../store/groups';
import type { WorkspaceSettings } from '../store/workspaces';
import { accountLocation } from './require-account';

/** What the API calls an account's state: `disconnected` while its login does not work, else as the workspace set it. */
export function accountStatus(account: Pick<Account, 'status' | 'disconnectedAt'>): AccountStatus {
  return account.disconnectedAt ? 'disconnected' : account.status;
}

/** The names of the groups an account is in, in the order the workspace lists its groups. */
export function groupNamesOf(groups: readonly Group[], accountId: string): string[] {
  return groups.filter((group) => group.accountIds.includes(accountId)).map((group) => group.name);
}

/**
 * An account as the API shows it: its settings, and the limits and working hours that apply to it
 * (the effective values, each with where it comes from: the account's own, the workspace's, or the
 * service's default).
 */
export function accountView(account: Account, workspaceSettings: WorkspaceSettings | undefined, groups: string[]) {
  const sourced = sourcedLimits(account, workspaceSettings);
  const daily = Object.fromEntries(actionKinds.map((kind) => [dailyLimitField[kind], sourced.daily[kind]])) as Record<
    keyof DailyLimits,
    Sourced<number>
  >;
  const hours = sourced.workingHours;
  return {
    accountId: account.accountId,
    name: account.name,
    profileUrl: account.profileUrl,
    status: accountStatus(account),
    paused: account.status === 'paused',
    mode: account.mode,
    timezone: account.timezone || 'UTC',
    workingHours: { start: hours.value.start, end: hours.value.end, days: [...hours.value.days], source: hours.source },
    limits: { daily, weeklyInvitations: sourced.weeklyInvitations },
    groups,
    ownerEmail: account.ownerEmail ?? null,
    provider: account.provider ?? null,
    connectedAt: account.connectedAt ?? null,
    ...(account.disconnectedAt ? { disconnectedAt: account.disconnectedAt } : {}),
    createdAt: account.createdAt,
    links: { self: accountLocation(account.accountId), usage: `${accountLocation(account.accountId)}/usage` },
  };
}

export type AccountView = ReturnType<typeof accountView>;
