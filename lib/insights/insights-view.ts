/**
 * The insights of a period: what the workspace's calls raised, read from the counters their analyses
 * keep; the API's answer (`getInsights`) and the insights page show them.
 */
import type { Db } from '../store/client';
import { themeDays, type ThemeDay, type ThemeDayQuote } from '../store/insights';
import { transcriptLocation } from '../http/links';
import { themeKinds, type ThemeKind } from './model/theme';
import { periodsOf, previousPeriod, type Period } from './period';

/** Themes listed a kind, most raised first. */
const THEMES_PER_KIND = 10;
/** Quotes shown a theme, best first. */
const QUOTES_PER_THEME = 3;

/** Whether a theme was raised more, less, as much, or newly against the previous period (by its share of calls). */
type Trend = 'new' | 'up' | 'down' | 'flat';

function trendOf(calls: number, total: number, before: number, totalBefore: number): Trend {
  if (before === 0) return 'new';
  const now = calls / Math.max(1, total);
  const then = before / Math.max(1, totalBefore);
  // A fifth more or less of the calls raising it is a change; less is noise.
  if (now > then * 1.2) return 'up';
  if (now < then / 1.2) return 'down';
  return 'flat';
}

const inPeriod = (day: string, period: Period) => day >= period.from && day <= period.to;
const themeId = (entry: { kind: string; key: string }) => `${entry.kind}#${entry.key}`;

/**
 * What the workspace's calls of a period raised: for each kind (objections, customer questions,
 * pains, competitors) its themes across calls, each with how many calls raised it, the same for
 * the previous period as long and the trend, and its best quotes linking to their calls. Read from
 * the counters the analyses keep (`lib/store/insights.ts`): one range read of the two periods'
 * days, whatever the number of calls.
 */
export async function readInsights(db: Db, workspaceId: string, period: Period) {
  const previous = previousPeriod(period);
  const { callDays, counts, quotes } = await themeDays(db, workspaceId, previous.from, period.to);
  const callsIn = (range: Period) => callDays.filter((entry) => inPeriod(entry.day, range)).reduce((sum, entry) => sum + entry.calls, 0);
  const calls = callsIn(period);
  const callsBefore = callsIn(previous);
  const tally = (range: Period) => {
    const totals = new Map<string, { entry: ThemeDay; calls: number }>();
    for (const entry of counts) {
      if (!inPeriod(entry.day, range)) continue;
      const known = totals.get(themeId(entry));
      totals.set(themeId(entry), { entry, calls: (known?.calls ?? 0) + entry.calls });
    }
    return totals;
  };
  const current = tally(period);
  const before = tally(previous);
  const quotesOf = (id: string) =>
    onceEach(
      quotes
        .filter((quote) => inPeriod(quote.day, period) && themeId(quote) === id)
        .sort((a, b) => b.score - a.score || a.callId.localeCompare(b.callId)),
    )
      .slice(0, QUOTES_PER_THEME)
      .map(quoteView);
  const themesOf = (kind: ThemeKind) =>
    [...current.entries()]
      .filter(([, { entry }]) => entry.kind === kind)
      .sort(([, a], [, b]) => b.calls - a.calls || a.entry.label.localeCompare(b.entry.label))
      .slice(0, THEMES_PER_KIND)
      .map(([id, { entry, calls: raised }]) => {
        const earlier = before.get(id)?.calls ?? 0;
        return {
          key: entry.key,
          label: entry.label,
          calls: raised,
          share: Math.round((raised / Math.max(1, calls)) * 1000) / 1000,
          previousCalls: earlier,
          trend: trendOf(raised, calls, earlier, callsBefore),
          quotes: quotesOf(id),
        };
      });
  return {
    from: period.from,
    to: period.to,
    previous: { from: previous.from, to: previous.to, calls: callsBefore },
    calls,
    themes: Object.fromEntries(themeKinds.map((kind) => [kind, themesOf(kind)])) as Record<ThemeKind, ReturnType<typeof themesOf>>,
  };
}

/** The insights of a period, as read by `readInsights`. */
export type Insights = Awaited<ReturnType<typeof readInsights>>;

/**
 * GET /api/v1/insights: the period its query asks for (a 400 naming the parameter when it is not
 * valid) and its insights, with the page that shows them when links are configured (`pageLink`).
 */
export async function getInsights(
  db: Db,
  workspaceId: string,
  query: Record<string, string | undefined>,
  now: Date,
  pageLink: (period: Period) => string | undefined = () => undefined,
) {
  const { period } = periodsOf(query, now);
  const page = pageLink(period);
  return {
    ...(await readInsights(db, workspaceId, period)),
    links: { self: `/api/v1/insights?from=${period.from}&to=${period.to}`, ...(page === undefined ? {} : { page }) },
  };
}

/**
 * The quotes in their order, the same words only once, at their first (best) place: a call added
 * again under another call id says what it said, and three copies of one quote illustrate nothing.
 */
function onceEach(quotes: readonly ThemeDayQuote[]): ThemeDayQuote[] {
  const seen = new Set<string>();
  return quotes.filter((quote) => {
    const words = quote.quote.toLowerCase().replace(/\s+/g, ' ').trim();
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
}

function quoteView(quote: ThemeDayQuote) {
  return {
    quote: quote.quote,
    callId: quote.callId,
    title: quote.title,
    day: quote.day,
    links: { transcript: transcriptLocation(quote.callId) },
  };
}
