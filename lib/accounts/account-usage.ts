import type { ActionKind } from '../schemas/action-kind';
import { actionKinds } from '../schemas/action-kind';
import { effectiveLimits } from '../outreach/safety/safety-defaults';
import { quotaPeriods } from '../outreach/safety/schedule-action';
import { previousLocalDays } from '../outreach/safety/working-hours';
import { getBacklogs } from '../store/account-backlogs';
import type { Db } from '../store/client';
import { readQuotaCounts } from '../store/quota-counters';
import { readSendSchedule } from '../store/send-schedule';
import { getWorkspace } from '../store/workspaces';
import { requireAccount } from './require-account';
import type { UsageReport } from './usage-report';
import { usageReport } from './usage-report';

/**
 * GET /api/v1/accounts/{accountId}/usage: the counters the safety gate keeps for the account (its
 * local day's per kind; its ISO week's invitations, and its last seven local days' for the rolling
 * bound the gate also keeps), its send schedule and pauses, and its backlog, read at `now`.
 */
export async function accountUsage(db: Db, workspaceId: string, accountId: string, now: Date): Promise<UsageReport> {
  const account = await requireAccount(db, workspaceId, accountId);
  const workspace = await getWorkspace(db, workspaceId);
  const limits = effectiveLimits(account, workspace?.settings);
  const { day, week } = quotaPeriods(now, limits.timezone);
  const previousDays = previousLocalDays(day, 6);
  const counters = [
    ...actionKinds.map((kind) => ({ kind, period: day })),
    { kind: 'invitation' as const, period: week },
    ...previousDays.map((period) => ({ kind: 'invitation' as const, period })),
  ];
  const [counts, schedule, backlogs] = await Promise.all([
    readQuotaCounts(db, account, counters),
    readSendSchedule(db, account, now),
    getBacklogs(db, workspaceId, [accountId]),
  ]);
  const today = Object.fromEntries(actionKinds.map((kind, index) => [kind, counts[index] ?? 0])) as Record<ActionKind, number>;
  const invitationsThisWeek = counts[actionKinds.length] ?? 0;
  const invitationsBefore = counts.slice(actionKinds.length + 1).reduce((sum, count) => sum + count, 0);
  return usageReport({
    account,
    limits,
    now,
    today,
    invitationsThisWeek,
    invitationsLastSevenDays: today.invitation + invitationsBefore,
    ...(schedule.lastSlotAt ? { lastSlotAt: schedule.lastSlotAt } : {}),
    pauses: schedule.pauses,
    waitingActions: backlogs.get(accountId) ?? 0,
  });
}
