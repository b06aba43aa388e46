import { deferAfterLimit, quotaPeriods, whenAllowed } from '../../../../../lib/outreach/safety/schedule-action';

const office = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };
const paris = { timezone: 'Europe/Paris', workingHours: office };
const newYork = { ...paris, timezone: 'America/New_York' };
const at = (iso: string) => new Date(iso);

// Limits (daily, weekly, overrides) with the real counters: tests/integration/outreach/safety-gate.test.ts.
describe('whenAllowed', () => {
  it('runs now inside working hours', () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed 11:00 Paris
    expect(whenAllowed(now, paris)).toEqual({ runAt: now });
  });

  it('waits for the next opening outside working hours (weekend, New York)', () => {
    const now = at('2025-01-18T17:00:00Z'); // Sat 12:00 EST
    expect(whenAllowed(now, newYork)).toEqual({ runAt: at('2025-01-20T14:00:00Z'), reason: 'outside_working_hours' });
  });

  it('across a DST change: the next opening is 09:00 in the new offset', () => {
    // New York springs forward on Sun 9 Mar 2025: Sat → Mon 09:00 EDT = 13:00Z.
    expect(whenAllowed(at('2025-03-08T15:00:00Z'), newYork)).toEqual({
      runAt: at('2025-03-10T13:00:00Z'),
      reason: 'outside_working_hours',
    });
  });
});

describe('deferAfterLimit', () => {
  it('daily: the first opening on a later day; weekly: in a later week', () => {
    const now = at('2025-01-15T06:00:00Z'); // Wed 07:00 Paris, before the opening
    expect(deferAfterLimit(now, 'Europe/Paris', office, 'daily')).toEqual(at('2025-01-16T08:00:00Z'));
    expect(deferAfterLimit(now, 'Europe/Paris', office, 'weekly')).toEqual(at('2025-01-20T08:00:00Z'));
  });
});

describe('quotaPeriods', () => {
  it("are the account's local day and ISO week", () => {
    expect(quotaPeriods(at('2025-01-19T23:30:00Z'), 'Europe/Paris')).toEqual({ day: '2025-01-20', week: '2025-W04' });
    expect(quotaPeriods(at('2025-01-19T23:30:00Z'), 'America/New_York')).toEqual({ day: '2025-01-19', week: '2025-W03' });
  });
});
