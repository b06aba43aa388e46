import type { Account, DailyLimits, Gap, WorkingHours } from '../../store/accounts';
import type { WorkspaceSettings } from '../../store/workspaces';
import type { ActionKind } from '../../schemas/action-kind';
import { actionKinds } from '../../schemas/action-kind';

/** The `DailyLimits` field that holds each kind's limit. */
export const dailyLimitField: Record<ActionKind, keyof DailyLimits> = {
  reaction: 'reactions',
  comment: 'comments',
  invitation: 'invitations',
  message: 'messages',
  visit: 'visits',
  post: 'posts',
};

/**
 * Default per-account daily limits, conservative ends of what automation tools for this network
 * commonly allow, so a new account is safe before anyone tunes it.
 */
export const defaultDailyLimits: Readonly<Record<ActionKind, number>> = {
  // Tools commonly cap likes at ~100 a day; half of that is plenty for amplifying company posts.
  reaction: 50,
  // Comments are visible, written content; tools commonly keep them to a few dozen a day.
  comment: 20,
  // 100 a week (below) over 5 working days; a daily cap keeps a week's budget from going in one burst.
  invitation: 20,
  // Messages to connections are commonly capped at 50–100 a day; take the low end.
  message: 50,
  // The network's users keep profile visits to about 80–100 a day.
  visit: 80,
  // A person posts once or twice a day at most; more reads as automation and buries each post.
  post: 2,
};

/**
 * Default gaps before each kind of touch, from the practice of the network's users: invitations
 * and messages 1–5 minutes apart, reactions and comments 20 s–2 min, visits as the writes they
 * open (a connection request's visit takes the invitation's gap: see `SafetyGate.pass`).
 */
export const defaultSpacing: Readonly<Record<ActionKind, Gap>> = {
  reaction: { minSeconds: 20, jitterSeconds: 100 },
  comment: { minSeconds: 20, jitterSeconds: 100 },
  invitation: { minSeconds: 60, jitterSeconds: 240 },
  message: { minSeconds: 60, jitterSeconds: 240 },
  visit: { minSeconds: 20, jitterSeconds: 100 },
  post: { minSeconds: 60, jitterSeconds: 240 },
};

/** Invitations per account per ISO week: the low end of the ~100–200 a week the network tolerates. */
export const defaultWeeklyInvitations = 100;

/** Office hours, Monday to Friday, in the account's own timezone. */
export const defaultWorkingHours: Readonly<WorkingHours> = Object.freeze({
  start: '09:00',
  end: '18:00',
  days: Object.freeze([1, 2, 3, 4, 5]) as number[],
});

/** The limits and working hours that apply to one account, every value resolved. */
export interface EffectiveLimits {
  daily: Record<ActionKind, number>;
  weeklyInvitations: number;
  spacing: Record<ActionKind, Gap>;
  workingHours: WorkingHours;
  timezone: string;
}

/** Where a resolved value comes from: the account's own setting, its workspace's, or the service's default. */
export type LimitSource = 'account' | 'workspace' | 'default';

/** A resolved value and the level it was taken from. */
export interface Sourced<T> {
  value: T;
  source: LimitSource;
}

/** Every value of `EffectiveLimits` (but the timezone, the account's own), with where it comes from. */
export interface SourcedLimits {
  daily: Record<ActionKind, Sourced<number>>;
  weeklyInvitations: Sourced<number>;
  spacing: Record<ActionKind, Sourced<Gap>>;
  workingHours: Sourced<WorkingHours>;
}

/** The first level that has a value (undefined falls through; 0 is a value). */
function firstOf<T>(account: T | undefined, workspace: T | undefined, fallback: T): Sourced<T> {
  if (account !== undefined) return { value: account, source: 'account' };
  if (workspace !== undefined) return { value: workspace, source: 'workspace' };
  return { value: fallback, source: 'default' };
}

/**
 * Resolves an account's limits, each with the level it comes from: defaults ← workspace overrides
 * (`settings.limits`, `settings.spacing`, `settings.workingHours`) ← the account's own
 * (`dailyLimits`, `weeklyInvitations`, `spacing`, `workingHours`). A value that is absent
 * (undefined) at one level falls through to the level below; 0 is a value (that kind is off).
 * `effectiveLimits` is this without the sources.
 */
export function sourcedLimits(
  account: Pick<Account, 'dailyLimits' | 'workingHours' | 'weeklyInvitations' | 'spacing'>,
  workspaceSettings: WorkspaceSettings | undefined,
): SourcedLimits {
  const daily = {} as Record<ActionKind, Sourced<number>>;
  const spacing = {} as Record<ActionKind, Sourced<Gap>>;
  for (const kind of actionKinds) {
    const field = dailyLimitField[kind];
    daily[kind] = firstOf(account.dailyLimits?.[field], workspaceSettings?.limits?.daily?.[field], defaultDailyLimits[kind]);
    spacing[kind] = firstOf(account.spacing?.[field], workspaceSettings?.spacing?.[field], defaultSpacing[kind]);
  }
  return {
    daily,
    weeklyInvitations: firstOf(account.weeklyInvitations, workspaceSettings?.limits?.weeklyInvitations, defaultWeeklyInvitations),
    spacing,
    workingHours: firstOf(account.workingHours, workspaceSettings?.workingHours, defaultWorkingHours),
  };
}

/**
 * Resolves an account's limits (see `sourcedLimits` for the precedence): every value resolved,
 * copies the caller may change.
 */
export function effectiveLimits(
  account: Pick<Account, 'dailyLimits' | 'workingHours' | 'timezone' | 'weeklyInvitations' | 'spacing'>,
  workspaceSettings: WorkspaceSettings | undefined,
): EffectiveLimits {
  const sourced = sourcedLimits(account, workspaceSettings);
  const daily = {} as Record<ActionKind, number>;
  const spacing = {} as Record<ActionKind, Gap>;
  for (const kind of actionKinds) {
    daily[kind] = sourced.daily[kind].value;
    spacing[kind] = { ...sourced.spacing[kind].value };
  }
  const hours = sourced.workingHours.value;
  return {
    daily,
    weeklyInvitations: sourced.weeklyInvitations.value,
    spacing,
    workingHours: { start: hours.start, end: hours.end, days: [...hours.days] },
    timezone: account.timezone || 'UTC',
  };
}
