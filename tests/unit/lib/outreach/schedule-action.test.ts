import { defaultDailyLimits, defaultWeeklyInvitations } from '../../../../lib/outreach/safety-defaults';
import { deferAfterLimit, quotaPeriods, whenAllowed } from '../../../../lib/outreach/schedule-action';

const office = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };
const paris = { timezone: 'Europe/Paris', dailyLimits: {}, workingHours: office };
const newYork = { ...paris, timezone: 'America/New_York' };
const kolkata = { ...paris, timezone: 'Asia/Kolkata' };
const at = (iso: string) => new Date(iso);

describe('whenAllowed', () => {
  it('runs now inside working hours and under the limits', () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed 11:00 Paris
    expect(whenAllowed({ now, account: paris, kind: 'reaction', usage: { today: 3 } })).toEqual({ runAt: now });
    expect(whenAllowed({ now, account: paris, kind: 'reaction' })).toEqual({ runAt: now });
  });

  it('waits for the next opening outside working hours (weekend, New York)', () => {
    const now = at('2025-01-18T17:00:00Z'); // Sat 12:00 EST
    expect(whenAllowed({ now, account: newYork, kind: 'comment', usage: { today: 0 } })).toEqual({
      runAt: at('2025-01-20T14:00:00Z'),
      reason: 'outside_working_hours',
    });
  });

  it('over the daily limit: the next local working day\'s opening', () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed Paris
    expect(whenAllowed({ now, account: paris, kind: 'message', usage: { today: defaultDailyLimits.message } })).toEqual({
      runAt: at('2025-01-16T08:00:00Z'),
      reason: 'daily_limit',
    });
    // On a Friday the next working day is Monday.
    expect(whenAllowed({ now: at('2025-01-17T10:00:00Z'), account: paris, kind: 'message', usage: { today: 999 } })).toEqual({
      runAt: at('2025-01-20T08:00:00Z'),
      reason: 'daily_limit',
    });
  });

  it('uses the local day: late evening UTC is already tomorrow in Kolkata', () => {
    // Tue 04:00Z = Tue 09:30 IST, limit reached → Wed 09:00 IST = 03:30Z.
    expect(whenAllowed({ now: at('2025-01-21T04:00:00Z'), account: kolkata, kind: 'reaction', usage: { today: 50 } })).toEqual({
      runAt: at('2025-01-22T03:30:00Z'),
      reason: 'daily_limit',
    });
  });

  it('the day\'s count does not hold back an action whose next opening is on another day', () => {
    // Wed 20:00 Paris, today's limit reached: the next opening is tomorrow anyway, a fresh day.
    expect(whenAllowed({ now: at('2025-01-15T19:00:00Z'), account: paris, kind: 'reaction', usage: { today: 50 } })).toEqual({
      runAt: at('2025-01-16T08:00:00Z'),
      reason: 'outside_working_hours',
    });
  });

  it('over the weekly invitation limit: the first opening of the next ISO week', () => {
    const now = at('2025-01-15T10:00:00Z'); // Wed, week 3
    expect(
      whenAllowed({ now, account: paris, kind: 'invitation', usage: { today: 0, thisWeek: defaultWeeklyInvitations } }),
    ).toEqual({ runAt: at('2025-01-20T08:00:00Z'), reason: 'weekly_limit' });
  });

  it('weekly wins over daily when both are reached, and only counts for invitations', () => {
    const now = at('2025-01-15T10:00:00Z');
    expect(whenAllowed({ now, account: paris, kind: 'invitation', usage: { today: 999, thisWeek: 999 } }).reason).toBe('weekly_limit');
    expect(whenAllowed({ now, account: paris, kind: 'message', usage: { today: 0, thisWeek: 999 } })).toEqual({ runAt: now });
  });

  it('applies workspace and account overrides', () => {
    const now = at('2025-01-15T10:00:00Z');
    const settings = { limits: { daily: { comments: 2 }, weeklyInvitations: 10 } };
    expect(whenAllowed({ now, account: paris, workspaceSettings: settings, kind: 'comment', usage: { today: 2 } }).reason).toBe('daily_limit');
    expect(
      whenAllowed({ now, account: { ...paris, dailyLimits: { comments: 3 } }, workspaceSettings: settings, kind: 'comment', usage: { today: 2 } }),
    ).toEqual({ runAt: now });
    expect(whenAllowed({ now, account: paris, workspaceSettings: settings, kind: 'invitation', usage: { today: 0, thisWeek: 10 } }).reason).toBe(
      'weekly_limit',
    );
  });

  it('across a DST change: the next day\'s opening is 09:00 in the new offset', () => {
    // Fri 28 Mar 2025 11:00 CET, limit reached → Mon 31 Mar 09:00 CEST = 07:00Z.
    expect(whenAllowed({ now: at('2025-03-28T10:00:00Z'), account: paris, kind: 'reaction', usage: { today: 50 } })).toEqual({
      runAt: at('2025-03-31T07:00:00Z'),
      reason: 'daily_limit',
    });
    // New York springs forward on Sun 9 Mar 2025: Sat → Mon 09:00 EDT = 13:00Z.
    expect(whenAllowed({ now: at('2025-03-08T15:00:00Z'), account: newYork, kind: 'reaction' })).toEqual({
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
  it('are the account\'s local day and ISO week', () => {
    expect(quotaPeriods(at('2025-01-19T23:30:00Z'), 'Europe/Paris')).toEqual({ day: '2025-01-20', week: '2025-W04' });
    expect(quotaPeriods(at('2025-01-19T23:30:00Z'), 'America/New_York')).toEqual({ day: '2025-01-19', week: '2025-W03' });
  });
});
