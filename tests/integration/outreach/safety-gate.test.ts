import { randomBytes } from 'node:crypto';
import { SafetyGate } from '../../../lib/outreach/safety/safety-gate';
import type { ActionKind } from '../../../lib/schemas/action-kind';
import type { Account } from '../../../lib/store/accounts';
import type { WorkspaceSettings } from '../../../lib/store/workspaces';
import { noSpacing, testDb } from '../../helpers/factories';
import { Deferral } from '../../../lib/errors';

/**
 * The safety gate with the real quota counters and send schedules of DynamoDB Local: inside working
 * hours and under the limits a write passes; over a limit it is deferred to when that limit's
 * period is over, at the account's next opening, in its own zone. Accounts have no gap between
 * touches here unless a test gives one (the pacing tests at the end).
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
    spacing: noSpacing,
    status: 'active',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** How one pass goes: undefined when it passed, else its Deferral. */
async function passing(gate: SafetyGate, kind: ActionKind, slotKind?: ActionKind): Promise<Deferral | undefined> {
  try {
    await gate.pass(kind, slotKind);
    return undefined;
  } catch (error) {
    if (error instanceof Deferral) return error;
    throw error;
  }
}

/** Passes `times` writes of `kind` at `now`, then returns how the next one goes (undefined: it passed). */
async function afterPassing(
  acting: Account,
  kind: ActionKind,
  times: number,
  now: Date,
  settings?: WorkspaceSettings,
): Promise<Deferral | undefined> {
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
    expect(await afterPassing(account(limited), 'message', 2, at('2025-01-15T10:00:00Z'))).toEqual(
      deferral('2025-01-16T08:00:00Z', 'daily_limit'),
    );
    // On a Friday the next working day is Monday.
    expect(await afterPassing(account(limited), 'message', 2, at('2025-01-17T10:00:00Z'))).toEqual(
      deferral('2025-01-20T08:00:00Z', 'daily_limit'),
    );
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
    expect(await afterPassing(acting, 'reaction', 0, at('2025-01-15T19:00:00Z'))).toEqual(
      deferral('2025-01-16T08:00:00Z', 'outside_working_hours'),
    );
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

  it('no seven days in a row hold more invitations than the weekly limit, across an ISO week boundary', async () => {
    const allWeek = { start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };
    const acting = account({ workingHours: allWeek, dailyLimits: { invitations: 5 }, weeklyInvitations: 5 });
    // Sunday, ISO week 3: its limit is reached, so the next invitation waits for week 4 (Monday 00:00 Paris).
    expect(await afterPassing(acting, 'invitation', 5, at('2025-01-19T10:00:00Z'))).toEqual(
      deferral('2025-01-19T23:00:00Z', 'weekly_limit'),
    );

    // Monday starts ISO week 4, but Sunday's five are within the last seven days: wait a day at a time.
    expect(await afterPassing(acting, 'invitation', 0, at('2025-01-20T10:00:00Z'))).toEqual(
      deferral('2025-01-20T23:00:00Z', 'weekly_limit'),
    );
    expect(await afterPassing(acting, 'invitation', 0, at('2025-01-25T10:00:00Z'))).toEqual(
      deferral('2025-01-25T23:00:00Z', 'weekly_limit'),
    );
    // The next Sunday, last Sunday's are eight days back: the room is back.
    expect(await afterPassing(acting, 'invitation', 0, at('2025-01-26T10:00:00Z'))).toBeUndefined();
  });

  it("across a DST change: the next day's opening is 09:00 in the new offset", async () => {
    // Fri 28 Mar 2025 11:00 CET, limit reached → Mon 31 Mar 09:00 CEST = 07:00Z.
    expect(await afterPassing(account({ dailyLimits: { reactions: 1 } }), 'reaction', 1, at('2025-03-28T10:00:00Z'))).toEqual(
      deferral('2025-03-31T07:00:00Z', 'daily_limit'),
    );
  });

  describe('pacing: one send schedule per account', () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed 11:00 Paris
    const gaps = {
      reactions: { minSeconds: 20, jitterSeconds: 100 },
      invitations: { minSeconds: 60, jitterSeconds: 240 },
      visits: { minSeconds: 20, jitterSeconds: 100 },
    };
    const fixed = (value: number) => () => value;

    it("a second touch at the same moment waits for the account's next slot, a gap (minimum plus jitter) after the first", async () => {
      const acting = account({ spacing: gaps });

      const first = await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0.5) }), 'reaction');
      const second = await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0.5) }), 'reaction');

      expect(first).toBeUndefined();
      // 20 s + half of 100 s of jitter.
      expect(second).toEqual(
        expect.objectContaining({ reason: 'pacing', until: at('2025-01-15T10:01:10Z'), slot: at('2025-01-15T10:01:10Z') }),
      );
    });

    it('runs in the slot it was deferred to, and the next one keeps its gap from there', async () => {
      const acting = account({ spacing: gaps });
      await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0) }), 'reaction');
      const deferred = await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0) }), 'reaction');
      const slot = deferred!.slot!;

      const inItsSlot = await passing(new SafetyGate(db, acting, undefined, slot, { reservedSlot: slot, random: fixed(0) }), 'reaction');
      const another = await passing(new SafetyGate(db, acting, undefined, slot, { random: fixed(0) }), 'reaction');

      expect(slot).toEqual(at('2025-01-15T10:00:20Z'));
      expect(inItsSlot).toBeUndefined();
      expect(another).toEqual(expect.objectContaining({ reason: 'pacing', until: at('2025-01-15T10:00:40Z') }));
    });

    it('late for its slot: keeps it only while no later slot was handed out, else goes to the back', async () => {
      const acting = account({ spacing: gaps });
      await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0) }), 'reaction');
      const slot = (await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0) }), 'reaction'))!.slot!; // 10:00:20
      const late = new Date(slot.getTime() + 30_000);

      const stillLast = await passing(new SafetyGate(db, acting, undefined, late, { reservedSlot: slot, random: fixed(0) }), 'reaction');
      // The next slot is a gap after when it really ran, not after its reservation.
      const next = await passing(new SafetyGate(db, acting, undefined, late, { random: fixed(0) }), 'reaction');
      const overtaken = await passing(
        new SafetyGate(db, acting, undefined, new Date(late.getTime() + 10_000), { reservedSlot: slot, random: fixed(0) }),
        'reaction',
      );

      expect(stillLast).toBeUndefined();
      expect(next).toEqual(expect.objectContaining({ reason: 'pacing', until: at('2025-01-15T10:01:10Z') }));
      expect(overtaken).toEqual(expect.objectContaining({ reason: 'pacing', until: at('2025-01-15T10:01:30Z') }));
    });

    it('concurrent attempts of one account each get a slot of their own, never closer than the minimum gap', async () => {
      const acting = account({ spacing: { reactions: { minSeconds: 20, jitterSeconds: 0 } } });

      const outcomes = await Promise.all(Array.from({ length: 12 }, () => passing(new SafetyGate(db, acting, undefined, now), 'reaction')));

      const times = outcomes.map((outcome) => (outcome ? outcome.until.getTime() : now.getTime())).sort((a, b) => a - b);
      expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(1);
      expect(times.slice(1).map((time, i) => time - times[i]!)).toEqual(Array(11).fill(20_000));
    });

    it("a connection request's visit is gated, in the slot of the invitation it leads to, which follows in it", async () => {
      const acting = account({ spacing: gaps, dailyLimits: { visits: 1 } });
      const gate = new SafetyGate(db, acting, undefined, now, { random: fixed(0) });

      expect(await passing(gate, 'visit', 'invitation')).toBeUndefined();
      expect(await passing(gate, 'invitation')).toBeUndefined();
      await gate.releaseAll(); // The invitation did not go out after all: its quota comes back, the visit's does not.
      // The next touch is a gap (its own: a reaction's 20 s) after that slot, and the day's one visit is spent.
      expect(await passing(new SafetyGate(db, acting, undefined, now, { random: fixed(0) }), 'reaction')).toEqual(
        expect.objectContaining({ reason: 'pacing', until: at('2025-01-15T10:00:20Z') }),
      );
      expect(
        await passing(new SafetyGate(db, acting, undefined, at('2025-01-15T12:00:00Z'), { random: fixed(0) }), 'visit', 'invitation'),
      ).toEqual(deferral('2025-01-16T08:00:00Z', 'daily_limit'));
      expect(
        await passing(new SafetyGate(db, acting, undefined, at('2025-01-15T12:10:00Z'), { random: fixed(0) }), 'invitation'),
      ).toBeUndefined();
    });

    it('work deferred to an opening or a new day wakes within one gap of it, at random, never all on its second', async () => {
      const acting = account({ spacing: gaps, dailyLimits: { reactions: 1 } });
      const evening = at('2025-01-15T19:00:00Z'); // Wed 20:00 Paris

      const atOpening = await passing(new SafetyGate(db, acting, undefined, evening, { random: fixed(0) }), 'reaction');
      const spread = await passing(new SafetyGate(db, acting, undefined, evening, { random: fixed(0.5) }), 'reaction');
      await passing(new SafetyGate(db, acting, undefined, now), 'reaction');
      const nextDay = await passing(
        new SafetyGate(db, acting, undefined, new Date(now.getTime() + 3_600_000), { random: fixed(0.25) }),
        'reaction',
      );

      expect(atOpening).toEqual(deferral('2025-01-16T08:00:00Z', 'outside_working_hours'));
      // Within one gap (20 + 100 s) of the opening: here half of it.
      expect(spread).toEqual(deferral('2025-01-16T08:01:00Z', 'outside_working_hours'));
      expect(nextDay).toEqual(deferral('2025-01-16T08:00:30Z', 'daily_limit'));
    });
  });
});
