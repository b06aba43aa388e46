/**
 * The insights page in a real browser (the Chromium of tests/helpers/browser.ts): it opens from
 * `links.page` of `GET /api/v1/insights`, shows each kind's themes with their shares as bars, runs
 * and loads nothing, escapes everything, shows one workspace's calls alone, reads on a phone and
 * prints; its quotes' links open their calls' report pages. Layout is checked by what is on the page
 * and how big it is (bounding boxes), never by pixels.
 *
 * The pages are served by the deployed handlers (functions/http/show-insights-page and
 * show-transcript-report, get-insights for the link), behind tests/helpers/page-server.ts, against
 * DynamoDB Local and fauxqs' S3; the calls are stored and analysed as the service does it
 * (tests/helpers/analysed-transcripts.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { box, boxes, openPage, servePages, type PageServer } from '../../helpers/page-server';
import type { CallTheme } from '../../../lib/insights/model/theme';
import { insightsPageHeaders } from '../../../lib/reports/insights-page';
import type { Insights } from '../../../lib/insights/insights-view';
import { signInsightsToken } from '../../../lib/reports/insights-token';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { reportPageHeaders } from '../../../lib/reports/report-page';
import { verifyReportToken } from '../../../lib/reports/report-token';
import { countCallThemesItems, keepThemeQuotes } from '../../../lib/store/insights';
import { transactWrite } from '../../../lib/store/transact';
import { addAnalysedTranscript, salesCallFixture } from '../../helpers/analysed-transcripts';
import { launchBrowser } from '../../helpers/browser';
import { createTestWorkspace, httpEvent, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { machineTimeout } from '../../helpers/machine-timeout';
import { bodyOf, loadHandler } from '../http/load-handler';

const db = testDb();
const SECRET = 'browser-insights-link-secret';
const { json: salesCall } = salesCallFixture();
/** Screenshots of the checked layouts, kept for a person to look at (the test reads boxes, not pixels); each run replaces them. */
const screenshots = join(tmpdir(), 'outreach-insights-page-screenshots');
mkdirSync(screenshots, { recursive: true });
/** A week ending on the sales call's day, and the week before it. */
const period = { from: '2025-03-05', to: '2025-03-11' };

const pages: Record<string, HttpHandler> = {};
let getInsights: HttpHandler;
let ws: TestWorkspace;
let browser: Browser;
let server: PageServer;
let context: BrowserContext | undefined;
let page: Page;
let consoleMessages: string[];
/** The API's answer for the period, and the page's link it gave. */
let answer: Insights & { links: { self: string; page?: string } };

/** The sales call again, under a call id of its own, started on `day`. */
function salesCallOn(day: string, n: number) {
  return { ...salesCall, call_id: `insights-${Date.now()}-${n}`, call_start_time: `${day}T17:00:00Z` };
}

beforeAll(async () => {
  const env = { REPORT_LINK_SECRET: SECRET, PUBLIC_BASE_URL: '' };
  pages.insights = await loadHandler(() => import('../../../functions/http/show-insights-page'), env);
  pages.reports = await loadHandler(() => import('../../../functions/http/show-transcript-report'), env);
  getInsights = await loadHandler(() => import('../../../functions/http/get-insights'), env);
  ws = await createTestWorkspace(db, { accounts: 0, groups: {}, settings: { emailDomains: ['acme-sales.example'] } });
  // Three calls of the week raise the sales call's themes, one more raises none; the week before, one call.
  const days = ['2025-03-11', '2025-03-10', '2025-03-09', '2025-02-27'];
  for (const [n, day] of days.entries()) await addAnalysedTranscript(db, ws.workspaceId, salesCallOn(day, n));
  await addAnalysedTranscript(db, ws.workspaceId, {
    ...salesCallOn('2025-03-08', 9),
    format: 'array',
    transcript: ['Sam Rivera: Thanks for joining.', 'Dana Whitfield: Happy to be here.'],
  });
  const result = await getInsights(
    httpEvent({ method: 'GET', path: '/api/v1/insights', headers: { 'api-key': ws.apiKey }, query: { ...period } }),
  );
  expect(result.statusCode).toBe(200);
  answer = bodyOf(result) as unknown as typeof answer;

  browser = await launchBrowser();
  server = await servePages(pages);
}, machineTimeout(120_000));
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openBrowser(viewport = { width: 1280, height: 900 }, javaScriptEnabled = false): Promise<void> {
  ({ context, page, consoleMessages } = await openPage(browser, viewport, javaScriptEnabled));
  server.requests.length = 0;
}

const pageUrl = () => `${server.origin}${answer.links.page!}`;
const allThemes = () => [answer.themes.objection, answer.themes.customer_question, answer.themes.pain_point, answer.themes.competitor];

describe('the insights page of a week, in a browser without JavaScript', () => {
  it('is linked from GET /api/v1/insights, counts the calls of the week against the week before', () => {
    expect(answer.links.page).toMatch(/^\/insights\/i1\.[\w-]+\.[\w-]{43}$/);
    expect(answer).toMatchObject({ ...period, calls: 4, previous: { from: '2025-02-26', to: '2025-03-04', calls: 1 } });
    expect(allThemes().flat().length).toBeGreaterThan(3);
  });

  it('opens from links.page, loads nothing but itself, breaks no rule of its policy, and shows each theme as the API does', async () => {
    await openBrowser();

    const response = await page.goto(pageUrl());

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(insightsPageHeaders['content-security-policy']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('What buyers raised, 5 Mar 2025 to 11 Mar 2025');
    expect(await page.locator('#calls').textContent()).toBe('4');
    expect(await page.locator('#previous').textContent()).toBe('26 Feb 2025 to 4 Mar 2025: 1 call');
    expect(server.requests).toEqual([`GET ${answer.links.page!}`]);
    expect(consoleMessages).toEqual([]);
    expect(await page.locator('script, img, iframe, object, embed, link, form').count()).toBe(0);
    writeFileSync(join(screenshots, 'week-desktop.png'), await page.screenshot({ fullPage: true }));

    for (const [kind, themes] of Object.entries(answer.themes)) {
      const cards = page.locator(`#${kind} article.theme`);
      expect({ kind, cards: await cards.count() }).toEqual({ kind, cards: themes.length });
      for (const [i, theme] of themes.entries()) {
        const card = cards.nth(i);
        expect(await card.locator('h3').textContent()).toBe(theme.label);
        expect(await card.locator('.trend').getAttribute('class')).toBe(`trend ${theme.trend}`);
        expect(await card.locator('blockquote').allTextContents()).toEqual(theme.quotes.map((quote) => quote.quote));
        // The bar is as long as the theme's share of the calls, and as wide as its card allows.
        const track = await box(card.locator('svg.bar'));
        const fill = await box(card.locator('svg.bar rect.fill'));
        expect(track.width).toBeGreaterThan(600);
        expect(fill.width / track.width).toBeCloseTo(theme.share, 1);
        const cardBox = await box(card);
        expect(cardBox.width).toBeGreaterThan(900);
        if (i > 0) expect(cardBox.y).toBeGreaterThan((await box(cards.nth(i - 1))).y);
      }
    }
    // Nothing sticks out sideways.
    for (const found of await boxes(page.locator('main, article.theme, svg'))) expect(found.x + found.width).toBeLessThanOrEqual(1280.5);
  });

  it("opens a quote's call's report page by its link, which ends no later than the page's own", async () => {
    await openBrowser();
    await page.goto(pageUrl());
    const link = page.getByRole('link', { name: 'the call’s report' }).first();
    const href = (await link.getAttribute('href'))!;
    const insightsExpiry = new Date(JSON.parse(Buffer.from(answer.links.page!.split('.')[1]!, 'base64url').toString()).e * 1000);

    await link.click();

    expect(new URL(page.url()).pathname).toBe(href);
    expect(await page.title()).toMatch(/: call report$/);
    expect(await page.locator('article.idea').count()).toBeGreaterThan(0);
    const grant = verifyReportToken(SECRET, href.slice('/reports/'.length), new Date());
    expect(grant).toMatchObject({ ok: true, grant: { workspaceId: ws.workspaceId, expiresAt: insightsExpiry } });
    expect(consoleMessages).toEqual([]);
  });

  it('reads on a phone: bars under their themes, nothing wider than the screen', async () => {
    await openBrowser({ width: 390, height: 844 });

    await page.goto(pageUrl());

    writeFileSync(join(screenshots, 'week-phone.png'), await page.screenshot({ fullPage: true }));
    const card = page.locator('article.theme').first();
    const bar = await box(card.locator('svg.bar'));
    const value = await box(card.locator('.share .value'));
    expect(bar.width).toBeGreaterThan(280);
    expect(value.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    for (const found of await boxes(page.locator('main, article.theme, svg, h1, blockquote'))) {
      expect(found.x).toBeGreaterThanOrEqual(-0.5);
      expect(found.x + found.width).toBeLessThanOrEqual(390.5);
    }
  });

  it('prints: no navigation, every theme kept', async () => {
    await openBrowser();
    await page.emulateMedia({ media: 'print' });

    await page.goto(pageUrl());

    expect(await page.locator('nav.sections').isVisible()).toBe(false);
    expect(await page.locator('article.theme').count()).toBe(allThemes().flat().length);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe("another workspace's page", () => {
  const payload = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script> & 'q'`;

  it('shows its own calls alone, and their hostile words as text that runs nothing (JavaScript on)', async () => {
    const other = await createTestWorkspace(db, { accounts: 0 });
    const theme: CallTheme = {
      kind: 'competitor',
      key: 'product:evil',
      label: `Evil ${payload}`,
      quote: `We trial ${payload}.`,
      score: 0.9,
    };
    await transactWrite(db, countCallThemesItems(db, other.workspaceId, '2025-03-10', [theme]));
    await keepThemeQuotes(db, other.workspaceId, { callId: 'hostile-call', title: `Call ${payload}`, day: '2025-03-10' }, [theme]);
    const token = signInsightsToken(SECRET, { workspaceId: other.workspaceId, period, expiresAt: new Date(Date.now() + 3_600_000) });
    await openBrowser({ width: 1280, height: 900 }, true);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(`${server.origin}/insights/${token}`);

    expect(await page.title()).toBe('Themes across calls, 2025-03-05 to 2025-03-11');
    expect(await page.locator('#calls').textContent()).toBe('1');
    expect(await page.locator('article.theme').count()).toBe(1);
    expect(await page.locator('#competitor h3').textContent()).toBe(`Evil ${payload}`);
    expect(await page.locator('#competitor blockquote').textContent()).toBe(`We trial ${payload}.`);
    expect(await page.locator('#competitor .source').textContent()).toContain(`Call ${payload}`);
    expect(await page.locator('script, img').count()).toBe(0);
    expect(await page.locator('#objection').textContent()).toContain('No objection was raised in this period.');
    expect(dialogs).toEqual([]);
    expect(consoleMessages).toEqual([]);
    expect(server.requests).toEqual([`GET /insights/${token}`]);
  });
});

describe('links that open nothing', () => {
  it('a forged, altered or malformed token is a 404 page; an expired one a 410 page saying when', async () => {
    const grant = { workspaceId: ws.workspaceId, period, expiresAt: new Date(Date.now() + 3_600_000) };
    const valid = signInsightsToken(SECRET, grant);
    const [version, , signature] = valid.split('.') as [string, string, string];
    const longer = Buffer.from(JSON.stringify({ w: ws.workspaceId, f: '2025-01-01', t: '2025-03-31', e: 4_000_000_000 })).toString(
      'base64url',
    );
    await openBrowser();

    for (const token of [signInsightsToken('guessed-secret', grant), `${version}.${longer}.${signature}`, 'i1.bm90aGluZw', 'not-a-token']) {
      const response = await page.goto(`${server.origin}/insights/${token}`);
      expect({ token, status: response?.status() }).toEqual({ token, status: 404 });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link is not valid');
      expect(response?.headers()['content-security-policy']).toBe(reportPageHeaders['content-security-policy']);
    }

    const expiredAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const expired = await page.goto(`${server.origin}/insights/${signInsightsToken(SECRET, { ...grant, expiresAt: expiredAt })}`);
    expect(expired?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link has expired');
    expect(await page.locator('p').first().textContent()).toContain(`This insights link expired at ${expiredAt.toISOString()}`);
  });
});
