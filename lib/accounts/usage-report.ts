import type { PauseReason } from '../errors';
import type { ActionKind } from '../schemas/action-kind';
import { actionKinds } from '../schemas/action-kind';
import type { EffectiveLimits } from '../outreach/safety/safety-defaults';
import { dailyLimitField } from '../outreach/safety/safety-defaults';
import { localDay, localIsoWeek, nextWorkingTime, startOfNextLocalDay, startOfNextLocalIsoWeek } from '../outreach/safety/working-hours';
import type { Account, DailyLimits } from '../store/accounts';
import type { AccountPause, PauseScope } from '../store/send-schedule';
import { accountStatus } from './account-view';
import { accountLocation } from './require-account';

/** Why an account may not make a kind of touch now: as a waiting action's `deferredReason` says it, or the kind is off (limit 0). */
export type UsageWait =
  | 'pacing'
  | 'outside_working_hours'
  | 'daily_limit'
  | 'weekly_limit'
  | PauseReason
  | 'account_paused'
  | 'account_disconnected'
  | 'kind_disabled';

/** What the service holds of an account's use, read at `now` (see account-usage.ts). */
export interface UsageFacts {
  account: Account;
  limits: EffectiveLimits;
  now: Date;
  /** Touches of each kind on the account's local day. */
  today: Record<ActionKind, number>;
  /** Invitations in the account's local ISO week, and in the seven local days ending today. */
  invitationsThisWeek: number;
  invitationsLastSevenDays: number;
  /** The last send slot the account handed out, if it still has one. */
  lastSlotAt?: Date;
  /** The network's pauses of the account (all touches, or one kind) not over at `now`. */
  pauses: Partial<Record<PauseScope, AccountPause>>;
  /** Its actions not ended. */
  waitingActions: number;
}

/**
 * The earliest the account may make a touch of `kind`, and what it waits for (absent when it may
 * now), judged as the safety gate judges: a pause of the network, the day's limit, the week's
 * invitations (its ISO week, and any seven days in a row), its next free send slot, then its working
 * hours. An estimate at the earliest: when the day a limit waits for comes, its count may still be
 * full on the seven days in a row, and a waiting action may take the slot first. Null when it
 * cannot act at all (paused, disconnected, or the kind's limit is 0).
 */
function nextTouch(facts: UsageFacts, kind: ActionKind): { nextAt: Date | null; waitsFor?: UsageWait } {
  const { account, limits, now } = facts;
  if (account.disconnectedAt) return { nextAt: null, waitsFor: 'account_disconnected' };
  if (account.status === 'paused') return { nextAt: null, waitsFor: 'account_paused' };
  if (limits.daily[kind] === 0) return { nextAt: null, waitsFor: 'kind_disabled' };
  let at = now;
  let waitsFor: UsageWait | undefined;
  const notBefore = (time: Date, why: UsageWait) => {
    if (time.getTime() > at.getTime()) [at, waitsFor] = [time, why];
  };
  for (const pause of [facts.pauses.all, facts.pauses[kind]]) if (pause) notBefore(new Date(pause.until), pause.reason);
  if (facts.today[kind] >= limits.daily[kind]) notBefore(startOfNextLocalDay(now, limits.timezone), 'daily_limit');
  if (kind === 'invitation') {
    if (facts.invitationsThisWeek >= limits.weeklyInvitations) notBefore(startOfNextLocalIsoWeek(now, limits.timezone), 'weekly_limit');
    else if (facts.invitationsLastSevenDays >= limits.weeklyInvitations)
      notBefore(startOfNextLocalDay(now, limits.timezone), 'weekly_limit');
  }
  if (facts.lastSlotAt) notBefore(new Date(facts.lastSlotAt.getTime() + limits.spacing[kind].minSeconds * 1000), 'pacing');
  const opening = nextWorkingTime(at, limits.timezone, limits.workingHours);
  if (opening.getTime() > at.getTime()) [at, waitsFor] = [opening, waitsFor ?? 'outside_working_hours'];
  return { nextAt: at, ...(waitsFor ? { waitsFor } : {}) };
}

/**
 * GET /api/v1/accounts/{accountId}/usage's answer: per kind, today's count and limit in the
 * account's own day and when it may next make one; the week's invitations; the earliest it may act
 * at all; and its actions waiting.
 */
export function usageReport(facts: UsageFacts) {
  const { account, limits, now } = facts;
  const kinds = {} as Record<keyof DailyLimits, { usedToday: number; dailyLimit: number; nextAt: string | null; waitsFor?: UsageWait }>;
  let earliest: Date | null = null;
  for (const kind of actionKinds) {
    const { nextAt, waitsFor } = nextTouch(facts, kind);
    if (nextAt && (!earliest || nextAt < earliest)) earliest = nextAt;
    kinds[dailyLimitField[kind]] = {
      usedToday: facts.today[kind],
      dailyLimit: limits.daily[kind],
      nextAt: nextAt?.toISOString() ?? null,
      ...(waitsFor ? { waitsFor } : {}),
    };
  }
  return {
    accountId: account.accountId,
    status: accountStatus(account),
    timezone: limits.timezone,
    day: localDay(now, limits.timezone),
    week: localIsoWeek(now, limits.timezone),
    kinds,
    weeklyInvitations: {
      usedThisWeek: facts.invitationsThisWeek,
      usedLastSevenDays: facts.invitationsLastSevenDays,
      limit: limits.weeklyInvitations,
    },
    nextActionAt: earliest?.toISOString() ?? null,
    waitingActions: facts.waitingActions,
    links: { account: accountLocation(account.accountId) },
  };
}

export type UsageReport = ReturnType<typeof usageReport>;
