import type { DeferredReason } from '../../errors';
import type { WorkingHours } from '../../store/accounts';
import type { EffectiveLimits } from './safety-defaults';
import { localDay, localIsoWeek, nextWorkingTime, startOfNextLocalDay, startOfNextLocalIsoWeek } from './working-hours';

export interface ScheduleDecision {
  /** `now` when the action may run now; otherwise when it is expected to run. */
  runAt: Date;
  /** Why the action waits; absent when it may run now. */
  reason?: Extract<DeferredReason, 'outside_working_hours'>;
}

/**
 * When an action may run as far as working hours go: `now` inside the account's working hours,
 * else the next opening of its window. Limits are not judged here: the atomic check is
 * `tryConsume`, and `deferAfterLimit` says when to come back once it refuses.
 */
export function whenAllowed(now: Date, limits: Pick<EffectiveLimits, 'timezone' | 'workingHours'>): ScheduleDecision {
  const opening = nextWorkingTime(now, limits.timezone, limits.workingHours);
  return opening.getTime() === now.getTime() ? { runAt: now } : { runAt: opening, reason: 'outside_working_hours' };
}

/**
 * The next working time once a limit's period is over: the first opening on a later local day
 * (`daily`) or in a later ISO week (`weekly`). For when `tryConsume` refuses.
 */
export function deferAfterLimit(now: Date, timezone: string, workingHours: WorkingHours, limit: 'daily' | 'weekly'): Date {
  const periodEnd = limit === 'daily' ? startOfNextLocalDay(now, timezone) : startOfNextLocalIsoWeek(now, timezone);
  return nextWorkingTime(periodEnd, timezone, workingHours);
}

/** The quota periods (`day`, `week`) of an instant in the account's zone, as `tryConsume` keys them. */
export function quotaPeriods(now: Date, timezone: string): { day: string; week: string } {
  return { day: localDay(now, timezone), week: localIsoWeek(now, timezone) };
}
