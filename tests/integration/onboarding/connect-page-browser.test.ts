/**
 * Onboarding in a real browser (tests/helpers/browser.ts), against the running local stack: a
 * connect link is asked of the API over HTTP, then its sandbox page is opened, filled and submitted
 * as a person would, with JavaScript off; the account it made is read from the store directly. A
 * Unipile link is opened too, its page served from handlers configured for the fake Unipile.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newId } from '../../../lib/ids';
import { markAccountDisconnected } from '../../../lib/outreach/safety/account-connection';
import { getAccount, listAccounts } from '../../../lib/store/accounts';
import { launchBrowser } from '../../helpers/browser';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, httpEvent, testDb, testSqs } from '../../helpers/factories';
import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { bodyOf, loadHandler } from '../http/load-handler';
import type { ConnectRouteHandlers } from './connect-routes-server';
import { serveConnectRoutes } from './connect-routes-server';
import { api, apiBaseUrl } from '../../helpers/http-client';
import { machineTimeout } from '../../helpers/machine-timeout';

const db = testDb();
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
/** Every request the browser made, as `METHOD url`. */
let requests: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openBrowser(javaScriptEnabled: boolean): Promise<void> {
  context = await browser.newContext({ javaScriptEnabled });
  // Well under jest's timeout: a wait that fails (a form the browser did not send) names what it waited for.
  context.setDefaultTimeout(machineTimeout(10_000));
  page = await context.newPage();
  requests = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
}

/** A connect link of the workspace, asked of the running API. */
async function connectLink(ws: TestWorkspace, body: Record<string, unknown> = {}): Promise<string> {
  const response = await api('POST', '/api/v1/accounts/connect-link', { apiKey: ws.apiKey, body });
  expect(response.status).toBe(201);
  const url = String(response.body.url);
  expect(url.startsWith(`${apiBaseUrl()}/connect/`)).toBe(true);
  return url;
}

const heading = () => page.getByRole('heading', { level: 1 });
const profileField = () => page.getByRole('textbox', { name: 'Profile URL' });
const nameField = () => page.getByRole('textbox', { name: 'Name' });
const freshProfile = (label: string) => `https://www.linkedin.com/in/${label}-${newId('sbx').slice(-10).toLowerCase()}`;

/** Clicks a button and waits for the page that answers the form (its h1 says `expected`); the POST's status. */
async function submit(button: 'Connect' | 'Reconnect', expected: string): Promise<number | undefined> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.getByRole('heading', { level: 1, name: expected }).waitFor();
  return response.status();
}

describe('the sandbox connect page in a browser without JavaScript', () => {
  it('connects a new account: the form, then the connected page; the account exists', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const url = await connectLink(ws);
    const profileUrl = freshProfile('browser-jane');
    await openBrowser(false);

    const shown = await page.goto(url);

    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await heading().textContent()).toBe('Connect your network account');
    expect(await nameField().inputValue()).toBe('');
    await profileField().fill(profileUrl);
    await nameField().fill('Jane Browser');
    const status = await submit('Connect', 'Account connected');

    expect(status).toBe(200);
    expect(await page.getByRole('status').textContent()).toContain('Connected');
    const accountId = (await page.locator('#account-id').textContent()) ?? '';
    expect(accountId).toMatch(/^acc_[0-9A-Z]{26}$/);
    expect(await getAccount(db, ws.workspaceId, accountId)).toMatchObject({
      name: 'Jane Browser',
      profileUrl,
      provider: 'sandbox',
      providerAccountId: expect.stringMatching(/^sbx_/),
      status: 'active',
    });
    // The page asked for nothing but itself: no stylesheet, script, image or font.
    expect(requests).toEqual([`GET ${url}`, `POST ${url}`]);

    // Opened again: the link is used up.
    const reopened = await page.goto(url);
    expect(reopened?.status()).toBe(409);
    expect(await heading().textContent()).toBe('This link was already used');
  });

  it("prefills the link's name; the browser checks the URL's form, the server the profile's, keeping what was typed", async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const url = await connectLink(ws, { name: 'Named <b>by</b> the link' });
    await openBrowser(false);
    await page.goto(url);

    expect(await nameField().inputValue()).toBe('Named <b>by</b> the link');
    expect(await page.locator('#link-name').textContent()).toBe('The account will be named "Named <b>by</b> the link", as the link asks.');
    expect(await page.locator('b').count()).toBe(0);

    // Not a URL at all: the browser does not send the form.
    await profileField().fill('jane doe');
    await page.getByRole('button', { name: 'Connect' }).click();
    expect(await page.locator('input:invalid').count()).toBe(1);
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);

    // A URL, but not a profile of the network: the server refuses it and shows the form again.
    await profileField().fill('https://example.com/in/jane');
    const refused = await submit('Connect', 'Connect your network account');
    expect(refused).toBe(400);
    expect(await page.getByRole('alert').textContent()).toContain('profileUrl: must be a profile URL of the network');
    expect(await profileField().inputValue()).toBe('https://example.com/in/jane');
    expect(await profileField().getAttribute('aria-invalid')).toBe('true');

    const profileUrl = freshProfile('browser-named');
    await profileField().fill(profileUrl);
    expect(await submit('Connect', 'Account connected')).toBe(200);
    expect((await listAccounts(db, ws.workspaceId)).map((account) => [account.name, account.profileUrl])).toEqual([
      ['Named <b>by</b> the link', profileUrl],
    ]);
  });

  it('goes on to the success redirect, which the page’s policy lets the form reach', async () => {
    const landed: string[] = [];
    const app = createServer((request, response) => {
      landed.push(`${request.method} ${request.url}`);
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Welcome</title><h1>Welcome aboard</h1>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    try {
      const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const ws = await createTestWorkspace(db, { accounts: 0 });
      const url = await connectLink(ws, { successRedirectUrl: `${appUrl}/welcome?from=connect` });
      await openBrowser(false);
      await page.goto(url);

      await profileField().fill(freshProfile('browser-redirected'));
      await nameField().fill('Redirected');
      await Promise.all([page.waitForURL(`${appUrl}/welcome?from=connect`), page.getByRole('button', { name: 'Connect' }).click()]);

      expect(await heading().textContent()).toBe('Welcome aboard');
      expect(landed).toEqual(['GET /welcome?from=connect']);
      expect(await listAccounts(db, ws.workspaceId)).toHaveLength(1);
    } finally {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('reconnects a disconnected account with one button', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const account = ws.accounts[0]!;
    await markAccountDisconnected({ db }, account, { cause: 'provider_status', detail: 'CREDENTIALS' }, new Date());
    const url = await connectLink(ws, { reconnectAccountId: account.accountId });
    await openBrowser(false);
    await page.goto(url);

    expect(await heading().textContent()).toBe('Reconnect your network account');
    expect(await page.getByRole('link', { name: account.name }).getAttribute('href')).toBe(account.profileUrl);
    expect(await submit('Reconnect', 'Account reconnected')).toBe(200);
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toBeUndefined();
  });

  it('says a link that is not valid opens nothing', async () => {
    await openBrowser(false);

    const response = await page.goto(`${apiBaseUrl()}/connect/v1.bm9wZQ.${'A'.repeat(43)}`);

    expect(response?.status()).toBe(404);
    expect(await heading().textContent()).toBe('This link is not valid');
  });
});

describe('the sandbox connect page in a browser with JavaScript on', () => {
  it('runs nothing a hostile link name holds', async () => {
    const payload = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const url = await connectLink(ws, { name: payload });
    await openBrowser(true);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(url);

    expect(await page.title()).toBe('Connect your network account');
    expect(await page.locator('script, img').count()).toBe(0);
    expect(await nameField().inputValue()).toBe(payload);
    expect(dialogs).toEqual([]);
  });
});

describe('a Unipile connect link in a browser without JavaScript', () => {
  let fake: FakeUnipile;
  let routes: Awaited<ReturnType<typeof serveConnectRoutes>>;
  let handlers: ConnectRouteHandlers & { createLink: HttpHandler };

  beforeAll(async () => {
    fake = await startFakeUnipile();
    routes = await serveConnectRoutes(() => handlers);
    const env = {
      WEBHOOKS_QUEUE_URL: await createTestQueue(testSqs(), 'connect-browser-webhooks'),
      CONNECT_LINK_SECRET: 'connect-browser-unipile-secret',
      NETWORK_PROVIDER: 'unipile',
      UNIPILE_DSN: fake.url,
      UNIPILE_API_KEY: fake.apiKey,
      PUBLIC_BASE_URL: routes.url,
    };
    handlers = {
      createLink: await loadHandler(() => import('../../../functions/http/create-connect-link'), env),
      showPage: await loadHandler(() => import('../../../functions/http/show-connect-page'), env),
      notify: await loadHandler(() => import('../../../functions/http/receive-connect-notification'), env),
    };
  });
  afterAll(async () => {
    await routes?.close();
    await fake?.close();
  });

  async function unipileLink(ws: TestWorkspace): Promise<string> {
    const created = await handlers.createLink(
      httpEvent({ method: 'POST', path: '/api/v1/accounts/connect-link', headers: { 'api-key': ws.apiKey }, body: {} }),
    );
    expect(created.statusCode).toBe(201);
    return String(bodyOf(created).url);
  }

  it("goes on to Unipile's hosted page, made at each opening: after Unipile's daily restart the same link opens a fresh one", async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const link = await unipileLink(ws);
    await openBrowser(false);

    const first = await page.goto(link);
    const firstHosted = page.url();
    fake.restartDaily();
    const stale = await page.goto(firstHosted);
    const again = await page.goto(link);

    expect(first?.status()).toBe(200);
    expect(firstHosted.startsWith(`${fake.url}/hosted/`)).toBe(true);
    expect(requests.slice(0, 2)).toEqual([`GET ${link}`, `GET ${firstHosted}`]);
    expect(stale?.status()).toBe(401);
    expect(again?.status()).toBe(200);
    expect(page.url().startsWith(`${fake.url}/hosted/`)).toBe(true);
    expect(page.url()).not.toBe(firstHosted);
  });

  it('says, on a page of its own, that the link cannot be opened when Unipile refuses, and what to do', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const link = await unipileLink(ws);
    await openBrowser(false);
    fake.failNext({ status: 422, type: 'errors/invalid_account', match: 'POST /api/v1/hosted/accounts/link' });

    const refused = await page.goto(link);

    expect(refused?.status()).toBe(502);
    expect(refused?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await heading().textContent()).toBe('This link cannot be opened');
    expect(await page.locator('main, body').first().textContent()).toContain('Ask whoever sent you this link for a new one.');
    expect(page.url()).toBe(link);
  });
});
