import * as z from '../zod';

/** The longest period insights look at: a quarter, so one read stays as long whatever the workspace's calls. */
export const MAX_INSIGHT_DAYS = 92;
/** The period when none is given: the last 30 days, today included. */
export const DEFAULT_INSIGHT_DAYS = 30;

const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-01'),
  z.refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'must be a real date',
  ),
);

/**
 * GET /api/v1/insights's query string: the period's first and last days (UTC, both included), by
 * the calls' start times; `from` not after `to`, and at most `MAX_INSIGHT_DAYS` days.
 */
export const insightsQuerySchema = z.object({ from: z.optional(day), to: z.optional(day) }).check(
  z.refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    path: ['from'],
    message: 'must not be after to',
    when: ({ value }) => typeof value === 'object' && value !== null,
  }),
);
