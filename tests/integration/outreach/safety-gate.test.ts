import { randomBytes } from 'node:crypto';
import { Deferral, SafetyGate } from '../../../lib/outreach/safety-gate';
import type { ActionKind } from '../../../lib/schemas/action-kind';
import type { Account } from '../../../lib/store/accounts';
import type { WorkspaceSettings } from '../../../lib/store/workspaces';
import { testDb } from '../../helpers/factories';

/**
 * The safety gate with the real quota counters of DynamoDB Local: inside working hours and under
 * the limits a write passes; over a limit it is deferred to when that limit's period is over, at
 * the account's next opening, in its own zone.
 */
const db = testDb();
const office = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };
const at = (iso: string) => new Date(iso);

/** A fresh account (its own counters) of a fresh workspace. */
function account(overrides: Partial<Account> = {}): Account {
  const id = randomBytes(5).toString('hex');
  return {
    workspaceId: `t-${id}`,
    accountId: `acc_${id}`,
    name: 'Gate Test',
    profileUrl: `https://www.linkedin.com/in/gate-${id}`,
    providerAccountId: `login-${id}`,
    mode: 'autopilot',
    timezone: 'Europe/Paris',
    workingHours: office,
    dailyLimits: {},
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Passes `times` writes of `kind` at `now`, then returns how the next one goes (undefined: it passed). */
async function afterPassing(acting: Account, kind: ActionKind, times: number, now: Date, settings?: WorkspaceSettings): Promise<Deferral | undefined> {
  for (let i = 0; i < times; i++) await new SafetyGate(db, acting, settings, now).pass(kind);
  try {
    await new SafetyGate(db, acting, settings, now).pass(kind);
    return undefined;
  } catch (error) {
    if (error instanceof Deferral) return error;
    throw error;
  }
}

const deferral = (until: string, reason: Deferral['reason']) => expect.objectContaining({ until: at(until), reason });

describe('safety gate', () => {
  it('lets a write through inside working hours and under the limits', async () => {
    expect(await afterPassing(account(), 'reaction', 3, at('2025-01-15T10:00:00Z'))).toBeUndefined(); // Wed 11:00 Paris
  });

  it("over the daily limit: the next local working day's opening", async () => {
    const limited = { dailyLimits: { messages: 2 } };
    expect(await afterPassing(account(limited), 'message', 2, at('2025-01-15T10:00:00Z'))).toEqual(deferral('2025-01-16T08:00:00Z', 'daily_limit'));
    // On a Friday the next working day is Monday.
    expect(await afterPassing(account(limited), 'message', 2, at('2025-01-17T10:00:00Z'))).toEqual(deferral('2025-01-20T08:00:00Z', 'daily_limit'));
  });

  it('uses the local day: late evening UTC is already tomorrow in Kolkata', async () => {
    // Tue 04:00Z = Tue 09:30 IST, limit reached → Wed 09:00 IST = 03:30Z.
    const kolkata = account({ timezone: 'Asia/Kolkata', dailyLimits: { reactions: 1 } });
    expect(await afterPassing(kolkata, 'reaction', 1, at('2025-01-21T04:00:00Z'))).toEqual(deferral('2025-01-22T03:30:00Z', 'daily_limit'));
  });

  it("outside working hours the day's count does not matter: the next opening is a fresh day", async () => {
    const acting = account({ dailyLimits: { reactions: 1 } });
    await afterPassing(acting, 'reaction', 0, at('2025-01-15T10:00:00Z'));
    // Wed 20:00 Paris, today's limit reached: deferred to tomorrow's opening for the hours, not the limit.
    expect(await afterPassing(acting, 'reaction', 0, at('2025-01-15T19:00:00Z'))).toEqual(deferral('2025-01-16T08:00:00Z', 'outside_working_hours'));
  });

  it('over the weekly invitation limit: the first opening of the next ISO week; weekly wins over daily', async () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed, week 3
    const weekly = { dailyLimits: { invitations: 500 }, weeklyInvitations: 3 };
    expect(await afterPassing(account(weekly), 'invitation', 3, now)).toEqual(deferral('2025-01-20T08:00:00Z', 'weekly_limit'));
    const both = { dailyLimits: { invitations: 3 }, weeklyInvitations: 3 };
    expect(await afterPassing(account(both), 'invitation', 3, now)).toEqual(deferral('2025-01-20T08:00:00Z', 'weekly_limit'));
  });

  it('counts weekly only for invitations', async () => {
    const acting = account({ dailyLimits: { messages: 10 }, weeklyInvitations: 1 });
    expect(await afterPassing(acting, 'message', 5, at('2025-01-15T10:00:00Z'))).toBeUndefined();
  });

  it('applies workspace and account overrides', async () => {
    const now = at('2025-01-15T10:00:00Z');
    const settings: WorkspaceSettings = { limits: { daily: { comments: 2 }, weeklyInvitations: 10 } };
    expect(await afterPassing(account(), 'comment', 2, now, settings)).toEqual(deferral('2025-01-16T08:00:00Z', 'daily_limit'));
    expect(await afterPassing(account({ dailyLimits: { comments: 3 } }), 'comment', 2, now, settings)).toBeUndefined();
    expect(await afterPassing(account({ dailyLimits: { invitations: 50 } }), 'invitation', 10, now, settings)).toEqual(
      deferral('2025-01-20T08:00:00Z', 'weekly_limit'),
    );
  });

  it("across a DST change: the next day's opening is 09:00 in the new offset", async () => {
    // Fri 28 Mar 2025 11:00 CET, limit reached → Mon 31 Mar 09:00 CEST = 07:00Z.
    expect(await afterPassing(account({ dailyLimits: { reactions: 1 } }), 'reaction', 1, at('2025-03-28T10:00:00Z'))).toEqual(
      deferral('2025-03-31T07:00:00Z', 'daily_limit'),
    );
  });
});
