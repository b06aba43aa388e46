import type { UsageFacts } from '../../../../lib/accounts/usage-report';
import { usageReport } from '../../../../lib/accounts/usage-report';
import { effectiveLimits } from '../../../../lib/outreach/safety/safety-defaults';
import { accountUsageSchema } from '../../../../lib/schemas/responses/account';
import type { Account } from '../../../../lib/store/accounts';

const account: Account = {
  accountId: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  workspaceId: 'acme',
  name: 'Jane Doe',
  profileUrl: 'https://www.linkedin.com/in/jane-doe',
  providerAccountId: 'login-1',
  mode: 'autopilot',
  timezone: 'Europe/Paris',
  dailyLimits: { reactions: 3, comments: 0 },
  weeklyInvitations: 10,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
};
// Wednesday 11:00 in Paris: inside the default working hours (09:00-18:00, Monday to Friday).
const now = new Date('2025-01-15T10:00:00Z');
const none = { reaction: 0, comment: 0, invitation: 0, message: 0, visit: 0, post: 0 };

function facts(overrides: Partial<UsageFacts> = {}, of: Account = account): UsageFacts {
  return {
    account: of,
    limits: effectiveLimits(of, { spacing: { reactions: { minSeconds: 30, jitterSeconds: 60 } } }),
    now,
    today: none,
    invitationsThisWeek: 0,
    invitationsLastSevenDays: 0,
    pauses: {},
    waitingActions: 0,
    ...overrides,
  };
}

describe('usageReport', () => {
  it("counts each kind in the account's own day against its limit, and may act now when nothing stops it", () => {
    const report = usageReport(facts({ today: { ...none, reaction: 2, visit: 4 }, waitingActions: 3 }));

    expect(accountUsageSchema.safeParse(report).error).toBeUndefined();
    expect(report).toMatchObject({
      timezone: 'Europe/Paris',
      day: '2025-01-15',
      week: '2025-W03',
      kinds: {
        reactions: { usedToday: 2, dailyLimit: 3, nextAt: now.toISOString() },
        visits: { usedToday: 4, dailyLimit: 80, nextAt: now.toISOString() },
      },
      nextActionAt: now.toISOString(),
      waitingActions: 3,
    });
    expect(report.kinds.reactions.waitsFor).toBeUndefined();
  });

  it("waits for the next local day's opening once the day's limit is reached, and never for a kind whose limit is 0", () => {
    const report = usageReport(facts({ today: { ...none, reaction: 3 } }));

    // Thursday 09:00 in Paris.
    expect(report.kinds.reactions).toMatchObject({ nextAt: '2025-01-16T08:00:00.000Z', waitsFor: 'daily_limit' });
    expect(report.kinds.comments).toEqual({ usedToday: 0, dailyLimit: 0, nextAt: null, waitsFor: 'kind_disabled' });
  });

  it('waits for the next ISO week once its invitations are all used, and for the next day when the last seven days hold them', () => {
    const week = usageReport(facts({ invitationsThisWeek: 10, invitationsLastSevenDays: 10 }));
    const rolling = usageReport(facts({ invitationsThisWeek: 4, invitationsLastSevenDays: 10 }));

    // Monday 20 January, 09:00 in Paris.
    expect(week.kinds.invitations).toMatchObject({ nextAt: '2025-01-20T08:00:00.000Z', waitsFor: 'weekly_limit' });
    expect(week.weeklyInvitations).toEqual({ usedThisWeek: 10, usedLastSevenDays: 10, limit: 10 });
    expect(rolling.kinds.invitations).toMatchObject({ nextAt: '2025-01-16T08:00:00.000Z', waitsFor: 'weekly_limit' });
  });

  it("waits for its next free send slot (the kind's minimum gap after the last), then for its working hours", () => {
    const slotted = usageReport(facts({ lastSlotAt: new Date(now.getTime() + 5_000) }));
    const evening = usageReport(facts({ lastSlotAt: new Date('2025-01-15T16:59:50Z') }, account));

    expect(slotted.kinds.reactions).toMatchObject({ nextAt: '2025-01-15T10:00:35.000Z', waitsFor: 'pacing' });
    // Invitations keep a 60 s gap: past 18:00 in Paris, so the next morning.
    expect(evening.kinds.invitations).toMatchObject({ nextAt: '2025-01-16T08:00:00.000Z', waitsFor: 'pacing' });
    expect(usageReport({ ...facts(), now: new Date('2025-01-18T10:00:00Z') }).kinds.messages).toMatchObject({
      nextAt: '2025-01-20T08:00:00.000Z',
      waitsFor: 'outside_working_hours',
    });
  });

  it("waits out the network's pauses, of the whole account or of one kind", () => {
    const pause = (until: string, reason: 'provider_throttled' | 'provider_limit') => ({
      until,
      reason,
      since: now.toISOString(),
      signal: { reason: 'x', message: 'y' },
    });
    const report = usageReport(
      facts({
        pauses: {
          all: pause('2025-01-15T11:00:00.000Z', 'provider_throttled'),
          message: pause('2025-01-16T08:00:00.000Z', 'provider_limit'),
        },
      }),
    );

    expect(report.kinds.reactions).toMatchObject({ nextAt: '2025-01-15T11:00:00.000Z', waitsFor: 'provider_throttled' });
    expect(report.kinds.messages).toMatchObject({ nextAt: '2025-01-16T08:00:00.000Z', waitsFor: 'provider_limit' });
    expect(report.nextActionAt).toBe('2025-01-15T11:00:00.000Z');
  });

  it('cannot act at all while paused or disconnected', () => {
    const paused = usageReport(facts({}, { ...account, status: 'paused' }));
    const disconnected = usageReport(facts({}, { ...account, disconnectedAt: '2025-01-10T00:00:00.000Z' }));

    expect(paused).toMatchObject({
      status: 'paused',
      nextActionAt: null,
      kinds: { reactions: { nextAt: null, waitsFor: 'account_paused' } },
    });
    expect(disconnected).toMatchObject({
      status: 'disconnected',
      nextActionAt: null,
      kinds: { visits: { nextAt: null, waitsFor: 'account_disconnected' } },
    });
  });
});
