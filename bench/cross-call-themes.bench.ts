/**
 * `GET /api/v1/insights` for a workspace of 1,000 calls and one of 10,000, through DynamoDB Local:
 * the themes of the last 30 days against the 30 before, read from the counters the analyses keep.
 * The calls are spread over the 60 days, three themes each out of 15 (seeded): their counters and
 * quotes are written as the transcripts worker writes them (`countCallThemesItems`, `keepThemeQuotes`),
 * 50 calls a size through the worker's own writes (timed: counting a call costs the same at any size)
 * and the rest as the items those writes add up to; the same period's page through its link is timed
 * too. Target: ten times the calls answers (and shows its page) within 1.5 times the time (the read is as long as the days and themes, not the calls), and counting a
 * call within 1.5 times too.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { findFreePorts } from '../scripts/local-stack/ports';
import { startLocalStack } from '../scripts/local-stack/stack';
import type { BenchResult } from './bench-result';
import { median, ratio } from './median-time';
import { seededRandom } from './seeded-random';

const SIZES = [1000, 10_000] as const;
const TARGET = 1.5;
const DAYS = 60;
const THEMES = 15;
const TIMED_CALLS = 50;
const READS = 15;
const NOW = new Date('2026-11-27T12:00:00Z');

const dayBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export async function run(): Promise<BenchResult> {
  const [dynamoPort, fauxqsPort, sesPort] = await findFreePorts(3);
  const stack = await startLocalStack({ dynamoPort, fauxqsPort, sesPort, env: {} });
  const saved = { ...process.env };
  Object.assign(process.env, stack.env);
  try {
    const { defaultDb } = await import('../lib/store/client');
    const { addWorkspace } = await import('../lib/admin/workspace-admin');
    const { countCallThemesItems, keepThemeQuotes, QUOTE_SLOTS } = await import('../lib/store/insights');
    const { transactWrite } = await import('../lib/store/transact');
    const { getInsights } = await import('../lib/insights/insights-view');
    const { periodsOf } = await import('../lib/insights/period');
    const { showInsightsByToken } = await import('../lib/reports/insights-page-requests');
    const { signInsightsToken } = await import('../lib/reports/insights-token');
    const { themeKinds } = await import('../lib/insights/model/theme');
    const db = defaultDb();
    const results: Array<{ size: number; readMs: number; pageMs: number; countMs: number; themes: number }> = [];
    for (const size of SIZES) {
      const random = seededRandom(size);
      const workspaceId = `insights-${size}`;
      await addWorkspace(db, workspaceId, `Insights ${size}`);
      const themeOf = (n: number) => ({
        kind: themeKinds[n % themeKinds.length]!,
        key: `topic-${n}`,
        label: `Topic ${n}`,
        quote: `What buyers said about topic ${n}, in their own words, at some length to be realistic.`,
        score: Math.round(random() * 1000) / 1000,
      });
      // The counters and quotes the untimed calls add up to, as the worker's writes would leave them.
      const counters = new Map<string, number>();
      const calls = new Map<string, number>();
      for (let call = TIMED_CALLS; call < size; call++) {
        const day = dayBefore(Math.floor(random() * DAYS));
        calls.set(day, (calls.get(day) ?? 0) + 1);
        const picked = new Set<number>();
        while (picked.size < 3) picked.add(Math.floor(random() * THEMES));
        for (const n of picked) counters.set(`${day}|${n}`, (counters.get(`${day}|${n}`) ?? 0) + 1);
      }
      const items: Array<Record<string, unknown>> = [];
      const pk = `WS#${workspaceId}#THEMES`;
      for (const [day, count] of calls) items.push({ pk, sk: `DAY#${day}#_calls`, day, calls: count });
      for (const [id, count] of counters) {
        const [day, n] = id.split('|') as [string, string];
        const theme = themeOf(Number(n));
        const sk = `DAY#${day}#${theme.kind}#${theme.key}`;
        items.push({ pk, sk, day, kind: theme.kind, key: theme.key, label: theme.label, calls: count });
        for (let slot = 0; slot < Math.min(QUOTE_SLOTS, count); slot++)
          items.push({
            pk,
            sk: `${sk}#quote${slot}`,
            day,
            kind: theme.kind,
            key: theme.key,
            callId: `call-${id}-${slot}`,
            title: 'A call',
            quote: theme.quote,
            score: theme.score,
          });
      }
      for (let at = 0; at < items.length; at += 25)
        await db.client.send(
          new BatchWriteCommand({ RequestItems: { [db.table]: items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } })) } }),
        );
      // The timed calls, through the worker's own writes.
      const countTimes: number[] = [];
      for (let call = 0; call < TIMED_CALLS; call++) {
        const day = dayBefore(Math.floor(random() * 30));
        const themes = [0, 1, 2].map(() => themeOf(Math.floor(random() * THEMES)));
        const unique = [...new Map(themes.map((theme) => [theme.key, theme])).values()];
        const started = performance.now();
        await transactWrite(db, countCallThemesItems(db, workspaceId, day, unique));
        await keepThemeQuotes(db, workspaceId, { callId: `timed-${call}`, title: 'A timed call', day }, unique);
        countTimes.push(performance.now() - started);
      }
      const readTimes: number[] = [];
      let themes = 0;
      for (let read = 0; read < READS + 2; read++) {
        const started = performance.now();
        const insights = await getInsights(db, workspaceId, {}, NOW);
        if (read >= 2) readTimes.push(performance.now() - started);
        themes = Object.values(insights.themes).reduce((sum, list) => sum + list.length, 0);
        if (insights.calls + insights.previous.calls < size * 0.9)
          throw new Error(`insights of ${size} calls counted ${insights.calls + insights.previous.calls}`);
      }
      // The same period's page through its link: the read, a report link a quote, and the HTML.
      const secret = 'bench-insights-link-secret';
      const { period } = periodsOf({}, NOW);
      const token = signInsightsToken(secret, { workspaceId, period, expiresAt: new Date(NOW.getTime() + 86_400_000) });
      const pageDeps = { db, secret: () => Promise.resolve(secret), publicBaseUrl: '' };
      const pageTimes: number[] = [];
      for (let read = 0; read < READS + 2; read++) {
        const started = performance.now();
        const page = await showInsightsByToken(pageDeps, token, NOW);
        if (read >= 2) pageTimes.push(performance.now() - started);
        if (!page.text.includes('<article class="theme')) throw new Error(`the insights page of ${size} calls shows no theme`);
      }
      results.push({ size, readMs: median(readTimes), pageMs: median(pageTimes), countMs: median(countTimes), themes });
    }
    const [small, big] = results as [(typeof results)[number], (typeof results)[number]];
    const readRatio = big.readMs / small.readMs;
    const pageRatio = big.pageMs / small.pageMs;
    const countRatio = big.countMs / small.countMs;
    return {
      name: 'themes across calls, GET /api/v1/insights',
      lines: [
        ...results.map(
          (result) =>
            `${String(result.size).padStart(6)} calls: GET /api/v1/insights ${result.readMs.toFixed(1)} ms (median of ${READS}, ${result.themes} themes shown); its page ${result.pageMs.toFixed(1)} ms; counting a call ${result.countMs.toFixed(1)} ms`,
        ),
        `10,000 calls against 1,000: read ${ratio(readRatio)}, page ${ratio(pageRatio)}, count ${ratio(countRatio)} (target at most ${TARGET}x each)`,
      ],
      targets: [
        { name: `insights read at 10x the calls ${ratio(readRatio)} <= ${TARGET}x`, pass: readRatio <= TARGET },
        { name: `insights page at 10x the calls ${ratio(pageRatio)} <= ${TARGET}x`, pass: pageRatio <= TARGET },
        { name: `counting a call at 10x the calls ${ratio(countRatio)} <= ${TARGET}x`, pass: countRatio <= TARGET },
      ],
    };
  } finally {
    process.env = saved;
    await stack.stop();
  }
}
