/**
 * The periods insights look at: whole days (UTC), both ends included, and the period as long just
 * before one, which its trends compare against.
 */
import { DEFAULT_INSIGHT_DAYS, MAX_INSIGHT_DAYS, insightsQuerySchema } from '../schemas/insights-query';
import { validateQuery } from '../schemas/validate';
import { ValidationError } from '../errors';

/** A period of whole days (UTC, `YYYY-MM-DD`), both ends included. */
export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysIn = (period: Period) => Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;

/** The period as long as `period`, just before it. */
export function previousPeriod(period: Period): Period {
  return { from: addDays(period.from, -daysIn(period)), to: addDays(period.from, -1) };
}

/** The period a query asks for (the last 30 days by default, to today), and the one as long before it. */
export function periodsOf(query: Record<string, string | undefined>, now: Date): { period: Period; previous: Period } {
  const { from, to } = validateQuery(insightsQuerySchema, query);
  const end = to ?? (from ? addDays(from, DEFAULT_INSIGHT_DAYS - 1) : dayOf(now));
  const period = { from: from ?? addDays(end, -(DEFAULT_INSIGHT_DAYS - 1)), to: end };
  const days = daysIn(period);
  if (days > MAX_INSIGHT_DAYS)
    throw new ValidationError(
      [{ path: 'query.to', message: `must be at most ${MAX_INSIGHT_DAYS - 1} days after from (the period is ${days} days)` }],
      'The query string is not valid; see `errors` for each parameter.',
    );
  return { period, previous: previousPeriod(period) };
}
