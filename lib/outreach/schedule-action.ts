import type { Account, WorkingHours } from '../store/accounts';
import type { WorkspaceSettings } from '../store/workspaces';
import type { ActionKind } from '../schemas/action-kind';
import type { EffectiveLimits } from './safety-defaults';
import { effectiveLimits } from './safety-defaults';
import { localDay, localIsoWeek, nextWorkingTime, startOfNextLocalDay, startOfNextLocalIsoWeek } from './working-hours';

export type DeferralReason = 'outside_working_hours' | 'daily_limit' | 'weekly_limit';

export interface ScheduleDecision {
  /** `now` when the action may run now; otherwise when it is expected to run. */
  runAt: Date;
  /** Why the action waits; absent when it may run now. */
  reason?: DeferralReason;
}

export interface ActionUsage {
  /** Actions of this kind already done by the account on the local day of `now`. */
  today: number;
  /** Actions of this kind already done by the account in the local ISO week of `now` (invitations only). */
  thisWeek?: number;
}

/**
 * When an action of `kind` may run for `account`: `now` inside working hours and under the
 * limits, else the instant it should be retried, with the reason.
 *
 * - Outside working hours: the next opening of the window (counts reset if that is another day).
 * - Daily limit reached: the first opening on a following local day.
 * - Weekly limit reached (invitations): the first opening in the following ISO week.
 *
 * Usage counts belong to the day and week of `now`, so they only defer while the next opening is
 * still in that day or week. Pure: the atomic check is `tryConsume`, which can refuse even when
 * this said yes (another action took the last unit); then use `deferAfterLimit`.
 */
export function whenAllowed(input: {
  now: Date;
  account: Pick<Account, 'dailyLimits' | 'workingHours' | 'timezone'>;
  workspaceSettings?: WorkspaceSettings;
  kind: ActionKind;
  usage?: ActionUsage;
  /** The account's limits when the caller has resolved them already (else resolved here). */
  limits?: EffectiveLimits;
}): ScheduleDecision {
  const { now, account, workspaceSettings, kind, usage } = input;
  const limits = input.limits ?? effectiveLimits(account, workspaceSettings);
  const { timezone, workingHours } = limits;
  const opening = nextWorkingTime(now, timezone, workingHours);
  if (usage) {
    const weeklyReached = kind === 'invitation' && (usage.thisWeek ?? 0) >= limits.weeklyInvitations;
    if (weeklyReached && localIsoWeek(opening, timezone) === localIsoWeek(now, timezone)) {
      return { runAt: deferAfterLimit(now, timezone, workingHours, 'weekly'), reason: 'weekly_limit' };
    }
    if (usage.today >= limits.daily[kind] && localDay(opening, timezone) === localDay(now, timezone)) {
      return { runAt: deferAfterLimit(now, timezone, workingHours, 'daily'), reason: 'daily_limit' };
    }
  }
  return opening.getTime() === now.getTime() ? { runAt: now } : { runAt: opening, reason: 'outside_working_hours' };
}

/**
 * The next working time once a limit's period is over: the first opening on a later local day
 * (`daily`) or in a later ISO week (`weekly`). For when `tryConsume` refuses.
 */
export function deferAfterLimit(
  now: Date,
  timezone: string,
  workingHours: WorkingHours,
  limit: 'daily' | 'weekly',
): Date {
  const periodEnd = limit === 'daily' ? startOfNextLocalDay(now, timezone) : startOfNextLocalIsoWeek(now, timezone);
  return nextWorkingTime(periodEnd, timezone, workingHours);
}

/** The quota periods (`day`, `week`) of an instant in the account's zone, as `tryConsume` keys them. */
export function quotaPeriods(now: Date, timezone: string): { day: string; week: string } {
  return { day: localDay(now, timezone), week: localIsoWeek(now, timezone) };
}
