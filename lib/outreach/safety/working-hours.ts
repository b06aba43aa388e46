import type { WorkingHours } from '../../store/accounts';

/** A wall-clock reading in some timezone. `weekday` is ISO: 1 = Monday … 7 = Sunday. */
interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    // Throws RangeError on an unknown zone, which is what callers should see.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, format);
  }
  return format;
}

function localParts(instantMs: number, timezone: string): LocalParts {
  const values: Record<string, number> = {};
  for (const part of formatter(timezone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return { year, month, day, hour, minute, second, weekday: isoWeekday(year, month, day) };
}

function isoWeekday(year: number, month: number, day: number): number {
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(instantMs: number, timezone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const p = localParts(whole, timezone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * The instant at which the zone's clocks read the given wall time. An ambiguous time (clocks set
 * back) resolves to its first occurrence; a time that does not exist (clocks set forward) resolves
 * to the instant the same distance after the gap's start, e.g. 02:30 on a spring-forward day in
 * Paris is 03:30 CEST.
 */
function wallTimeToInstant(year: number, month: number, day: number, minuteOfDay: number, timezone: string): number {
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const dayMs = 86_400_000;
  const before = wall - offsetMs(wall - dayMs, timezone);
  const after = wall - offsetMs(wall + dayMs, timezone);
  const valid = [before, after].filter((candidate) => candidate + offsetMs(candidate, timezone) === wall);
  return valid.length ? Math.min(...valid) : before;
}

function minutes(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`working hours must be HH:MM, got ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function addDays(year: number, month: number, day: number, days: number): { year: number; month: number; day: number } {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * `now` when it falls inside the working window (`start` inclusive, `end` exclusive, wall-clock
 * time in `timezone`, on one of `days`), otherwise the next instant the window opens. Wall times
 * are read in the zone, so the window follows DST changes (09:00 stays 09:00 local). Windows that
 * cross midnight (`start >= end`) are not supported and throw.
 */
export function nextWorkingTime(now: Date, timezone: string, hours: WorkingHours): Date {
  const start = minutes(hours.start);
  const end = minutes(hours.end);
  if (start >= end) throw new Error(`working hours must start before they end, got ${hours.start}-${hours.end}`);
  const local = localParts(now.getTime(), timezone);
  const secondOfDay = local.hour * 3600 + local.minute * 60 + local.second;
  if (hours.days.includes(local.weekday) && secondOfDay >= start * 60 && secondOfDay < end * 60) return now;
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = addDays(local.year, local.month, local.day, offset);
    if (!hours.days.includes(isoWeekday(date.year, date.month, date.day))) continue;
    const opening = wallTimeToInstant(date.year, date.month, date.day, start, timezone);
    if (opening > now.getTime()) return new Date(opening);
  }
  throw new Error(`working hours have no working day: ${JSON.stringify(hours.days)}`);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function localDay(instant: Date, timezone: string): string {
  const p = localParts(instant.getTime(), timezone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The `count` local days before `day` (`YYYY-MM-DD`), latest first: calendar days, whatever DST does. */
export function previousLocalDays(day: string, count: number): string[] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const before = addDays(year, month, date, -(i + 1));
    return `${pad(before.year, 4)}-${pad(before.month)}-${pad(before.day)}`;
  });
}

/** The ISO 8601 week (`YYYY-Www`, weeks start on Monday) an instant falls in, in a zone. */
export function localIsoWeek(instant: Date, timezone: string): string {
  const p = localParts(instant.getTime(), timezone);
  // The ISO week's year is the year of its Thursday.
  const thursday = addDays(p.year, p.month, p.day, 4 - p.weekday);
  const week = Math.floor((Date.UTC(thursday.year, thursday.month - 1, thursday.day) - Date.UTC(thursday.year, 0, 1)) / 86_400_000 / 7) + 1;
  return `${pad(thursday.year, 4)}-W${pad(week)}`;
}

/** The instant the next local day starts (local midnight, or the first instant after it on a DST gap). */
export function startOfNextLocalDay(instant: Date, timezone: string): Date {
  const p = localParts(instant.getTime(), timezone);
  const next = addDays(p.year, p.month, p.day, 1);
  return new Date(wallTimeToInstant(next.year, next.month, next.day, 0, timezone));
}

/** The instant the next ISO week starts in a zone: the coming Monday, 00:00 local. */
export function startOfNextLocalIsoWeek(instant: Date, timezone: string): Date {
  const p = localParts(instant.getTime(), timezone);
  const monday = addDays(p.year, p.month, p.day, 8 - p.weekday);
  return new Date(wallTimeToInstant(monday.year, monday.month, monday.day, 0, timezone));
}
