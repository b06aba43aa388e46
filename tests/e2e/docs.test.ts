import type { Browser } from 'playwright-core';
import { allRoutes as routes } from '../../lib/routes/all-routes';
import { launchBrowser } from '../helpers/browser';
import { api, apiBaseUrl } from '../helpers/http-client';
import { machineTimeout } from '../helpers/machine-timeout';

/**
 * The reference through serverless offline: `/docs` in a real headless Chromium (JavaScript on, so
 * a CSP violation would show as a console error), and `/api/v1/openapi.json` over HTTP.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('GET /docs in a browser', () => {
  it('shows every route, with its schemas, loading nothing else and breaking no rule', async () => {
    const context = await browser.newContext();
    // Well under jest's 30 s: a wait that fails names what it waited for.
    context.setDefaultTimeout(machineTimeout(5000));
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requests.push(request.url()));

    const response = await page.goto(`${apiBaseUrl()}/docs`);

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(await page.title()).toBe('Outreach & Transcript API — API reference');
    for (const route of routes) {
      const heading = page
        .locator('section.operation h3', { hasText: `${route.method} ${route.path}` })
        .filter({ has: page.locator(`code:text-is("${route.path}")`) });
      expect({ route: `${route.method} ${route.path}`, shown: await heading.count() }).toEqual({
        route: `${route.method} ${route.path}`,
        shown: 1,
      });
    }

    // The like operation's request body: its fields, visible.
    const like = page.locator('#op-like');
    await like.getByRole('cell', { name: 'reactionType required' }).waitFor({ state: 'visible' });
    expect(await like.getByText('one of like, celebrate, support, love, insightful, funny').isVisible()).toBe(true);
    // From its 202 to the schema of the answer.
    await like.getByRole('link', { name: 'JobAccepted' }).click();
    expect(page.url()).toMatch(/#schema-JobAccepted$/);
    const schema = page.locator('#schema-JobAccepted');
    await schema.getByRole('cell', { name: 'jobId required' }).waitFor({ state: 'visible' });
    expect(await schema.locator('table').first().isVisible()).toBe(true);

    // Its stylesheet applied (a CSP that refused it would leave the table without borders).
    // (The project compiles without DOM types: the page's own global, typed here.)
    const borderOf = (cell: unknown) =>
      (globalThis as unknown as { getComputedStyle(element: unknown): { borderTopStyle: string } }).getComputedStyle(cell).borderTopStyle;
    expect(await schema.locator('th').first().evaluate(borderOf)).toBe('solid');
    expect(problems).toEqual([]);
    expect(new Set(requests.map((url) => new URL(url).pathname))).toEqual(new Set(['/docs']));
    await context.close();
  });
});

describe('GET /api/v1/openapi.json over HTTP', () => {
  it('answers the document without an api key, cacheable, and 304 once the caller has it', async () => {
    const response = await api('GET', '/api/v1/openapi.json');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(response.body.paths as object)).toEqual(expect.arrayContaining([...new Set(routes.map((route) => route.path))]));

    const again = await api('GET', '/api/v1/openapi.json', { headers: { 'if-none-match': String(response.headers.get('etag')) } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});
