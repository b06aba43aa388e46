import {
  localDay,
  localIsoWeek,
  nextWorkingTime,
  previousLocalDays,
  startOfNextLocalDay,
  startOfNextLocalIsoWeek,
} from '../../../../../lib/outreach/safety/working-hours';

const office = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };
const at = (iso: string) => new Date(iso);

describe('nextWorkingTime', () => {
  it('is now inside the window (Paris, winter, UTC+1)', () => {
    const now = at('2025-01-15T10:30:00Z'); // Wed 11:30 in Paris
    expect(nextWorkingTime(now, 'Europe/Paris', office)).toBe(now);
  });

  it('treats the start as inside and the end as outside', () => {
    expect(nextWorkingTime(at('2025-01-15T08:00:00Z'), 'Europe/Paris', office)).toEqual(at('2025-01-15T08:00:00Z'));
    // Wed 18:00 Paris: closed, opens Thu 09:00.
    expect(nextWorkingTime(at('2025-01-15T17:00:00Z'), 'Europe/Paris', office)).toEqual(at('2025-01-16T08:00:00Z'));
  });

  it('waits for the opening later the same day', () => {
    // Wed 07:15 in Paris (summer, UTC+2) → 09:00 local.
    expect(nextWorkingTime(at('2025-06-11T05:15:00Z'), 'Europe/Paris', office)).toEqual(at('2025-06-11T07:00:00Z'));
  });

  it('skips the weekend: Friday evening and Saturday go to Monday 09:00 (New York)', () => {
    // Fri 19:00 EST.
    expect(nextWorkingTime(at('2025-01-18T00:00:00Z'), 'America/New_York', office)).toEqual(at('2025-01-20T14:00:00Z'));
    // Sat 12:00 EST.
    expect(nextWorkingTime(at('2025-01-18T17:00:00Z'), 'America/New_York', office)).toEqual(at('2025-01-20T14:00:00Z'));
  });

  it('uses the local weekday, not the UTC one', () => {
    // Sun 23:30 UTC is already Mon 05:00 in Kolkata (UTC+5:30) → Mon 09:00 IST, the same UTC day+1.
    expect(nextWorkingTime(at('2025-01-19T23:30:00Z'), 'Asia/Kolkata', office)).toEqual(at('2025-01-20T03:30:00Z'));
    // Mon 20:00 UTC is Tue 01:30 in Kolkata: not inside Monday's window (which closed at 12:30 UTC).
    expect(nextWorkingTime(at('2025-01-20T20:00:00Z'), 'Asia/Kolkata', office)).toEqual(at('2025-01-21T03:30:00Z'));
    // A half-hour zone: 13:00 IST on a weekday is inside.
    const inside = at('2025-01-21T07:30:00Z');
    expect(nextWorkingTime(inside, 'Asia/Kolkata', office)).toBe(inside);
  });

  it('keeps the local opening hour across a DST change (Paris spring forward, Sun 30 Mar 2025)', () => {
    // Sat 29 Mar 20:00 CET → Mon 31 Mar 09:00 CEST = 07:00Z (the offset changed in between).
    expect(nextWorkingTime(at('2025-03-29T19:00:00Z'), 'Europe/Paris', office)).toEqual(at('2025-03-31T07:00:00Z'));
  });

  it('opens on a DST change day itself (New York falls back Sun 2 Nov 2025)', () => {
    const everyDay = { ...office, days: [1, 2, 3, 4, 5, 6, 7] };
    // Sun 2 Nov 00:30 EDT (04:30Z) → 09:00 EST = 14:00Z.
    expect(nextWorkingTime(at('2025-11-02T04:30:00Z'), 'America/New_York', everyDay)).toEqual(at('2025-11-02T14:00:00Z'));
  });

  it('opens after the gap when the opening time does not exist that day', () => {
    // 02:30 does not exist on 30 Mar 2025 in Paris: the window opens at 03:30 CEST (01:30Z).
    const night = { start: '02:30', end: '05:00', days: [7] };
    expect(nextWorkingTime(at('2025-03-29T12:00:00Z'), 'Europe/Paris', night)).toEqual(at('2025-03-30T01:30:00Z'));
  });

  it('opens at the first occurrence of an ambiguous time (clocks set back)', () => {
    // 01:30 happens twice on 2 Nov 2025 in New York; the first is 01:30 EDT = 05:30Z.
    const early = { start: '01:30', end: '04:00', days: [7] };
    expect(nextWorkingTime(at('2025-11-01T12:00:00Z'), 'America/New_York', early)).toEqual(at('2025-11-02T05:30:00Z'));
  });

  it('finds a day a week away when the only working day is today and its window has passed', () => {
    const wednesdays = { ...office, days: [3] };
    expect(nextWorkingTime(at('2025-01-15T18:00:00Z'), 'Europe/Paris', wednesdays)).toEqual(at('2025-01-22T08:00:00Z'));
  });

  it('refuses windows it cannot honour', () => {
    expect(() => nextWorkingTime(at('2025-01-15T10:00:00Z'), 'Europe/Paris', { ...office, days: [] })).toThrow(/no working day/);
    expect(() => nextWorkingTime(at('2025-01-15T10:00:00Z'), 'Europe/Paris', { ...office, start: '22:00', end: '06:00' })).toThrow(
      /start before/,
    );
    expect(() => nextWorkingTime(at('2025-01-15T10:00:00Z'), 'Mars/Olympus', office)).toThrow(RangeError);
  });
});

describe('localDay and localIsoWeek', () => {
  it('tell the calendar day in the zone', () => {
    const instant = at('2025-01-19T23:30:00Z');
    expect(localDay(instant, 'Europe/Paris')).toBe('2025-01-20');
    expect(localDay(instant, 'America/New_York')).toBe('2025-01-19');
    expect(localDay(instant, 'Asia/Kolkata')).toBe('2025-01-20');
  });

  it('tell the ISO week, which starts on Monday and belongs to the year of its Thursday', () => {
    // Sun 19 Jan in New York is still week 3; Mon 20 Jan in Paris is week 4.
    expect(localIsoWeek(at('2025-01-19T23:30:00Z'), 'America/New_York')).toBe('2025-W03');
    expect(localIsoWeek(at('2025-01-19T23:30:00Z'), 'Europe/Paris')).toBe('2025-W04');
    expect(localIsoWeek(at('2024-12-30T12:00:00Z'), 'UTC')).toBe('2025-W01');
    expect(localIsoWeek(at('2021-01-03T12:00:00Z'), 'UTC')).toBe('2020-W53');
    expect(localIsoWeek(at('2026-12-31T12:00:00Z'), 'UTC')).toBe('2026-W53');
  });
});

describe('period starts', () => {
  it('the next local day starts at local midnight, whatever the offset that day', () => {
    expect(startOfNextLocalDay(at('2025-03-29T20:00:00Z'), 'Europe/Paris')).toEqual(at('2025-03-29T23:00:00Z'));
    expect(startOfNextLocalDay(at('2025-03-30T20:00:00Z'), 'Europe/Paris')).toEqual(at('2025-03-30T22:00:00Z'));
    expect(startOfNextLocalDay(at('2025-01-15T20:00:00Z'), 'Asia/Kolkata')).toEqual(at('2025-01-16T18:30:00Z'));
  });

  it('the next ISO week starts on the coming Monday at local midnight', () => {
    // Wed 15 Jan → Mon 20 Jan 00:00 EST; a Monday → the Monday after.
    expect(startOfNextLocalIsoWeek(at('2025-01-15T12:00:00Z'), 'America/New_York')).toEqual(at('2025-01-20T05:00:00Z'));
    expect(startOfNextLocalIsoWeek(at('2025-01-20T12:00:00Z'), 'America/New_York')).toEqual(at('2025-01-27T05:00:00Z'));
  });
});

describe('previousLocalDays', () => {
  it('counts calendar days back, latest first, across months, years and leap days', () => {
    expect(previousLocalDays('2025-01-02', 3)).toEqual(['2025-01-01', '2024-12-31', '2024-12-30']);
    expect(previousLocalDays('2024-03-01', 2)).toEqual(['2024-02-29', '2024-02-28']);
    // The day DST starts in Europe is one calendar day like any other.
    expect(previousLocalDays('2025-03-31', 2)).toEqual(['2025-03-30', '2025-03-29']);
  });
});
