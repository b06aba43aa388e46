/**
 * Onboarding an account through a connect link, through the deployed handlers against the local
 * DynamoDB: `POST /api/v1/accounts/connect-link`, the sandbox's connect page (`GET`/`POST
 * /connect/{state}`), and Unipile's report (`POST /connect/{state}/notify`) sent by the fake Unipile
 * server over real HTTP, through a tiny server of this file that turns it into an API Gateway event.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultConnectDeps } from '../../../lib/onboarding/connect-deps';
import { signConnectState } from '../../../lib/onboarding/connect-state';
import { createConnectLink } from '../../../lib/onboarding/create-connect-link';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { newId } from '../../../lib/ids';
import { SandboxProvider } from '../../../lib/network/sandbox';
import { markAccountDisconnected } from '../../../lib/outreach/safety/account-connection';
import type { Account } from '../../../lib/store/accounts';
import { getAccount, listAccounts } from '../../../lib/store/accounts';
import { keys } from '../../../lib/store/keys';
import { getSandboxLogin } from '../../../lib/store/sandbox-logins';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import type { SubscribableEventType } from '../../../lib/webhooks/model/event-types';
import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, httpEvent, subscribeWebhook, testDb, testSqs } from '../../helpers/factories';
import { bodyOf, fieldErrorsOf, loadHandler } from '../http/load-handler';
import { serveConnectRoutes } from './connect-routes-server';

const db = testDb();
const sqs = testSqs();
const SECRET = 'connect-link-test-secret';
const PUBLIC_BASE = 'https://api.outreach.test';

interface Handlers {
  createLink: HttpHandler;
  showPage: HttpHandler;
  submitPage: HttpHandler;
  notify: HttpHandler;
}

let sandbox: Handlers;
let webhooksQueueUrl: string;

async function loadHandlers(env: Record<string, string>): Promise<Handlers> {
  return {
    createLink: await loadHandler(() => import('../../../functions/http/create-connect-link'), env),
    showPage: await loadHandler(() => import('../../../functions/http/show-connect-page'), env),
    submitPage: await loadHandler(() => import('../../../functions/http/connect-on-page'), env),
    notify: await loadHandler(() => import('../../../functions/http/receive-connect-notification'), env),
  };
}

function baseEnv(): Record<string, string> {
  return {
    WEBHOOKS_QUEUE_URL: webhooksQueueUrl,
    CONNECT_LINK_SECRET: SECRET,
    CONNECT_LINK_EXPIRY_SECONDS: '3600',
    NETWORK_PROVIDER: 'sandbox',
    PUBLIC_BASE_URL: PUBLIC_BASE,
    STAGE: 'local',
    WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  };
}

beforeAll(async () => {
  webhooksQueueUrl = await createTestQueue(sqs, 'connect-webhooks');
  sandbox = await loadHandlers(baseEnv());
});

/** A webhook endpoint of the workspace subscribed to the account events, so that their deliveries are written. */
async function subscribe(
  ws: TestWorkspace,
  events: SubscribableEventType[] = ['account.connected', 'account.reconnected'],
): Promise<string> {
  return subscribeWebhook(db, ws.workspaceId, events);
}

async function eventsOf(ws: TestWorkspace, webhookId: string) {
  return (await listDeliveries(db, ws.workspaceId, webhookId, 10)).items.map((delivery) => delivery.event);
}

function requestLink(handlers: Handlers, apiKey: string, body: unknown): Promise<LambdaHttpResult> {
  return handlers.createLink(httpEvent({ method: 'POST', path: '/api/v1/accounts/connect-link', headers: { 'api-key': apiKey }, body }));
}

/** The state of a sandbox link: the last path segment of its page's URL. */
function stateOf(url: string): string {
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/connect\/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  return path.slice('/connect/'.length);
}

async function newLink(ws: TestWorkspace, body: Record<string, unknown> = {}): Promise<string> {
  const result = await requestLink(sandbox, ws.apiKey, body);
  expect(result.statusCode).toBe(201);
  return stateOf(bodyOf(result).url as string);
}

const showPage = (state: string) => sandbox.showPage(httpEvent({ method: 'GET', path: `/connect/${state}`, pathParameters: { state } }));

const submitPage = (state: string, fields: Record<string, string>) =>
  sandbox.submitPage(
    httpEvent({
      method: 'POST',
      path: `/connect/${state}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new URLSearchParams(fields).toString(),
      pathParameters: { state },
    }),
  );

/** The profile URL of a person no other test uses. */
const freshProfile = (label: string) => `https://www.linkedin.com/in/${label}-${newId('sbx').slice(-10).toLowerCase()}`;

describe('POST /api/v1/accounts/connect-link', () => {
  let ws: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    ws = await createTestWorkspace(db, { accounts: 1 });
    other = await createTestWorkspace(db, { accounts: 1 });
  });

  it('answers 201 with the link and its expiry; the sandbox link is this service’s page, stored under the hash of its state', async () => {
    const before = Date.now();
    const result = await requestLink(sandbox, ws.apiKey, { name: 'Jane Seller', successRedirectUrl: 'https://app.example.com/done' });

    expect(result.statusCode).toBe(201);
    const { url, expiresAt } = bodyOf(result) as { url: string; expiresAt: string };
    expect(Object.keys(bodyOf(result)).sort()).toEqual(['expiresAt', 'url']);
    expect(url.startsWith(`${PUBLIC_BASE}/connect/v1.`)).toBe(true);
    expect(result.headers.location).toBe(url);
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 3600_000);

    const state = stateOf(url);
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.table, Key: keys.connectLink(createHash('sha256').update(state).digest('hex')) }),
    );
    expect(Item).toMatchObject({
      workspaceId: ws.workspaceId,
      type: 'create',
      provider: 'sandbox',
      name: 'Jane Seller',
      successRedirectUrl: 'https://app.example.com/done',
      expiresAt: expiry / 1000,
    });
    // The token itself is never stored.
    expect(JSON.stringify(Item)).not.toContain(state);
  });

  it('refuses a reconnect of another workspace’s account, or of an unknown one, as 404', async () => {
    const foreign = await requestLink(sandbox, ws.apiKey, { reconnectAccountId: other.accounts[0]!.accountId });
    const unknown = await requestLink(sandbox, ws.apiKey, { reconnectAccountId: newId('acc') });

    for (const result of [foreign, unknown]) {
      expect(result.statusCode).toBe(404);
      expect(bodyOf(result)).toMatchObject({ type: '/problems/not-found' });
    }
  });

  it('names each bad field (400)', async () => {
    const result = await requestLink(sandbox, ws.apiKey, {
      name: '   ',
      reconnectAccountId: 'acc_nope',
      successRedirectUrl: 'javascript:alert(1)',
      extra: true,
    });

    expect(result.statusCode).toBe(400);
    expect(
      fieldErrorsOf(result)
        .map((error) => error.path)
        .sort(),
    ).toEqual(['extra', 'name', 'reconnectAccountId', 'successRedirectUrl']);
  });

  it('takes an https success redirect, and http only to localhost in local mode', async () => {
    const plain = await requestLink(sandbox, ws.apiKey, { successRedirectUrl: 'http://app.example.com/done' });
    const local = await requestLink(sandbox, ws.apiKey, { successRedirectUrl: 'http://localhost:5173/done' });
    const deployed = await loadHandlers({ ...baseEnv(), STAGE: 'test', WEBHOOK_ALLOW_HTTP_LOCALHOST: 'false' });
    const localOnDeployed = await requestLink(deployed, ws.apiKey, { successRedirectUrl: 'http://localhost:5173/done' });

    expect(plain.statusCode).toBe(400);
    expect(fieldErrorsOf(plain)).toEqual([{ path: 'successRedirectUrl', message: 'must be an https URL (or http to localhost)' }]);
    expect(local.statusCode).toBe(201);
    expect(localOnDeployed.statusCode).toBe(400);
    expect(fieldErrorsOf(localOnDeployed)).toEqual([{ path: 'successRedirectUrl', message: 'must be an https URL' }]);
  });

  it('is refused (501) while CONNECT_LINK_SECRET is empty', async () => {
    const unconfigured = await loadHandlers({ ...baseEnv(), CONNECT_LINK_SECRET: '' });

    const result = await requestLink(unconfigured, ws.apiKey, {});

    expect(result.statusCode).toBe(501);
    expect(bodyOf(result)).toMatchObject({ type: '/problems/connect-links-not-configured' });
  });
});

describe('the sandbox connect page', () => {
  it('shows a form prefilled with the link’s name; the form creates the account, its login and account.connected', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const webhookId = await subscribe(ws);
    const state = await newLink(ws, { name: 'Jane From The Link' });
    const profileUrl = freshProfile('jane');

    const page = await showPage(state);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('name="name" type="text" required maxlength="200" autocomplete="name" value="Jane From The Link"');

    const done = await submitPage(state, { profileUrl: profileUrl.replace('https://www.', 'http://fr.') + '/', name: 'Jane Typed' });

    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Account connected</h1>');
    const accounts = await listAccounts(db, ws.workspaceId);
    expect(accounts).toHaveLength(1);
    const account = accounts[0]!;
    expect(done.body).toContain(`<dd id="account-id">${account.accountId}</dd>`);
    expect(account).toMatchObject({
      accountId: expect.stringMatching(/^acc_[0-9A-Z]{26}$/),
      workspaceId: ws.workspaceId,
      // The link's name wins over the profile's.
      name: 'Jane From The Link',
      profileUrl,
      providerAccountId: expect.stringMatching(/^sbx_[0-9A-Z]{26}$/),
      provider: 'sandbox',
      mode: 'autopilot',
      timezone: 'UTC',
      dailyLimits: {},
      status: 'active',
      connectedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(await getSandboxLogin(db, account.providerAccountId)).toMatchObject({
      profileUrl,
      name: 'Jane Typed',
      workspaceId: ws.workspaceId,
    });
    // The new account acts: the sandbox provider knows its login.
    expect(await new SandboxProvider(db).getOwnProfile(account.providerAccountId)).toEqual({ profileUrl, name: 'Jane Typed' });
    expect(await eventsOf(ws, webhookId)).toEqual([
      expect.objectContaining({
        type: 'account.connected',
        workspaceId: ws.workspaceId,
        data: {
          account: { accountId: account.accountId, name: 'Jane From The Link', profileUrl },
          providerAccountId: account.providerAccountId,
          at: account.connectedAt,
          cause: 'connect_link',
        },
      }),
    ]);
  });

  it('refuses a replay: the used link opens nothing and creates nothing', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const webhookId = await subscribe(ws);
    const state = await newLink(ws);
    expect((await submitPage(state, { profileUrl: freshProfile('first'), name: 'First' })).statusCode).toBe(200);

    const again = await submitPage(state, { profileUrl: freshProfile('second'), name: 'Second' });
    const reopened = await showPage(state);

    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('<h1>This link was already used</h1>');
    expect(reopened.statusCode).toBe(409);
    expect((await listAccounts(db, ws.workspaceId)).map((account) => account.name)).toEqual(['First']);
    expect(await eventsOf(ws, webhookId)).toHaveLength(1);
  });

  it('lets only one of two simultaneous uses create an account', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const state = await newLink(ws);

    const results = await Promise.all(
      ['a', 'b', 'c'].map((label) => submitPage(state, { profileUrl: freshProfile(`race-${label}`), name: `Racer ${label}` })),
    );

    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await listAccounts(db, ws.workspaceId)).toHaveLength(1);
  });

  it('refuses a forged or altered state (404) and an expired one (410), creating nothing', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const state = await newLink(ws);
    const forged = signConnectState('not-the-secret', ws.workspaceId, new Date(Date.now() + 3600_000));
    const altered = `${state.slice(0, -2)}${state.at(-2) === 'A' ? 'B' : 'A'}${state.at(-1)}`;
    const unknown = signConnectState(SECRET, ws.workspaceId, new Date(Date.now() + 3600_000));
    // A link made two hours ago, valid for one.
    const deps = { ...defaultConnectDeps(), secret: async () => SECRET, expirySeconds: 3600, publicBaseUrl: PUBLIC_BASE };
    const { url: expiredUrl } = await createConnectLink(deps, ws.workspaceId, {}, new Date(Date.now() - 2 * 3600_000));
    const expired = stateOf(expiredUrl);

    for (const bad of [forged, altered, unknown, 'not-a-state', '']) {
      const shown = await showPage(bad);
      const posted = await submitPage(bad, { profileUrl: freshProfile('x'), name: 'X' });
      expect({ bad, shown: shown.statusCode, posted: posted.statusCode }).toEqual({ bad, shown: 404, posted: 404 });
      expect(shown.body).toContain('<h1>This link is not valid</h1>');
    }
    const shownExpired = await showPage(expired);
    const postedExpired = await submitPage(expired, { profileUrl: freshProfile('late'), name: 'Late' });

    expect(shownExpired.statusCode).toBe(410);
    expect(shownExpired.body).toContain('<h1>This link has expired</h1>');
    expect(postedExpired.statusCode).toBe(410);
    expect(await listAccounts(db, ws.workspaceId)).toEqual([]);
  });

  it('shows a refused field with what was typed (400), and a profile the workspace has (409), the link staying usable', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const state = await newLink(ws);

    const badField = await submitPage(state, { profileUrl: 'https://example.com/in/jane', name: 'Jane "J" <Doe>' });
    const taken = await submitPage(state, { profileUrl: ws.accounts[0]!.profileUrl, name: 'Someone' });
    const fixed = await submitPage(state, { profileUrl: freshProfile('fixed'), name: 'Fixed' });

    expect(badField.statusCode).toBe(400);
    expect(badField.body).toContain('<p class="field-error" id="profileUrl-error">must be a profile URL of the network');
    expect(badField.body).toContain('value="https://example.com/in/jane"');
    expect(badField.body).toContain('value="Jane &quot;J&quot; &lt;Doe&gt;"');
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(`already has an account for this login (${ws.accounts[0]!.profileUrl}): ${ws.accounts[0]!.accountId}`);
    expect(fixed.statusCode).toBe(200);
    expect((await listAccounts(db, ws.workspaceId)).map((account) => account.name).sort()).toEqual(['Fixed', 'Person 0']);
  });

  it('redirects (303) to the link’s success URL once connected, allowing that origin as the form’s target', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const state = await newLink(ws, { successRedirectUrl: 'https://app.example.com/onboarded?step=2' });

    const page = await showPage(state);
    const done = await submitPage(state, { profileUrl: freshProfile('redirected'), name: 'Redirected' });

    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://app.example.com;");
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('https://app.example.com/onboarded?step=2');
    expect(await listAccounts(db, ws.workspaceId)).toHaveLength(1);
  });

  it('reconnects a disconnected account: it is active again, with account.reconnected', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const webhookId = await subscribe(ws, ['account.reconnected', 'account.disconnected']);
    const account = ws.accounts[0]!;
    await markAccountDisconnected({ db }, account, { cause: 'provider_status', detail: 'CREDENTIALS' }, new Date());
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toBeDefined();
    const state = await newLink(ws, { reconnectAccountId: account.accountId });

    const page = await showPage(state);
    const stray = await submitPage(state, { profileUrl: freshProfile('someone-else') });
    const done = await submitPage(state, {});

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Reconnect your network account</h1>');
    expect(page.body).toContain(`>${account.name}</a>`);
    // A reconnect takes no field: the login is the account's own.
    expect(stray.statusCode).toBe(400);
    expect(stray.body).toContain('profileUrl: is not a known field');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Account reconnected</h1>');
    const reconnected = (await getAccount(db, ws.workspaceId, account.accountId)) as Account;
    expect(reconnected.disconnectedAt).toBeUndefined();
    expect(reconnected).toMatchObject({ status: 'active', providerAccountId: account.providerAccountId, provider: 'sandbox' });
    expect(reconnected.connectedAt).toEqual(expect.any(String));
    // Deliveries are listed newest first.
    const events = await eventsOf(ws, webhookId);
    expect(events.map((event) => event.type)).toEqual(['account.reconnected', 'account.disconnected']);
    expect(events[0]).toMatchObject({
      data: { account: { accountId: account.accountId }, providerAccountId: account.providerAccountId, cause: 'connect_link' },
    });
    expect(await listAccounts(db, ws.workspaceId)).toHaveLength(1);
    expect((await submitPage(state, {})).statusCode).toBe(409);
  });
});

describe('with Unipile: its hosted link, and its report to the notify URL', () => {
  let fake: FakeUnipile;
  let unipile: Handlers;
  let notifyServer: Awaited<ReturnType<typeof serveConnectRoutes>>;

  beforeAll(async () => {
    fake = await startFakeUnipile();
    notifyServer = await serveConnectRoutes(() => unipile);
    unipile = await loadHandlers({
      ...baseEnv(),
      NETWORK_PROVIDER: 'unipile',
      UNIPILE_DSN: fake.url,
      UNIPILE_API_KEY: fake.apiKey,
      PUBLIC_BASE_URL: notifyServer.url,
      CONNECT_LOGIN_READY_SECONDS: '4',
    });
  });
  afterAll(async () => {
    await notifyServer?.close();
    await fake?.close();
  });

  /** Opens the link a creation answered, as a browser does: its page sends it on (303) to a hosted link made now. */
  async function hostedLinkOf(created: LambdaHttpResult): Promise<string> {
    expect(created.statusCode).toBe(201);
    const opened = await fetch(String(bodyOf(created).url), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location')!;
    expect(fake.hostedLinks.map((link) => link.url)).toContain(location);
    return location;
  }

  it('asks Unipile for a hosted link whose notify_url carries the state; the report creates the account from /users/me', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const webhookId = await subscribe(ws);
    const loginId = `unipile-${newId('sbx').slice(-12)}`;

    const created = await requestLink(unipile, ws.apiKey, { successRedirectUrl: 'https://app.example.com/welcome' });

    expect(created.statusCode).toBe(201);
    const { url: given, expiresAt } = bodyOf(created) as { url: string; expiresAt: string };
    // The link given out is this service's page; Unipile is asked for its hosted link only when it is opened.
    expect(given).toMatch(new RegExp(`^${notifyServer.url}/connect/v1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
    expect(fake.hostedLinks.filter((link) => String(link.body.notify_url) === `${given}/notify`)).toEqual([]);
    const url = await hostedLinkOf(created);
    const link = fake.hostedLinks.find((candidate) => candidate.url === url)!;
    expect(link).toBeDefined();
    expect(link.body).toMatchObject({
      type: 'create',
      providers: ['LINKEDIN'],
      api_url: fake.url,
      expiresOn: expiresAt,
      notify_url: expect.stringMatching(new RegExp(`^${notifyServer.url}/connect/v1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}/notify$`)),
      name: expect.stringMatching(/^cl_[0-9a-f]{32}$/),
      success_redirect_url: 'https://app.example.com/welcome',
    });
    // The sandbox's handlers do not open a Unipile link.
    const state = /\/connect\/([^/]+)\/notify$/.exec(String(link.body.notify_url))![1]!;
    expect((await showPage(state)).statusCode).toBe(404);

    const reported = await fake.completeHostedAuth(url, { accountId: loginId, publicIdentifier: 'Jane-Unipile', name: 'Jane Unipile' });

    expect(reported.status).toBe(200);
    const ack = (await reported.json()) as Record<string, unknown>;
    expect(ack).toEqual({ received: true, handled: true, accountId: expect.stringMatching(/^acc_/) });
    const account = await getAccount(db, ws.workspaceId, String(ack.accountId));
    expect(account).toMatchObject({
      name: 'Jane Unipile',
      profileUrl: 'https://www.linkedin.com/in/jane-unipile',
      providerAccountId: loginId,
      provider: 'unipile',
      status: 'active',
    });
    expect(fake.requests.some((request) => request.path === '/api/v1/users/me' && request.query.account_id === loginId)).toBe(true);
    expect((await eventsOf(ws, webhookId)).map((event) => event.type)).toEqual(['account.connected']);

    // The same report again (a replay): refused, nothing more created.
    const replay = await fetch(String(link.body.notify_url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CREATION_SUCCESS', account_id: `${loginId}-2`, name: link.body.name }),
    });
    expect(replay.status).toBe(409);
    expect(replay.headers.get('content-type')).toBe('application/problem+json');
    const refusal = (await replay.json()) as Record<string, unknown>;
    expect(refusal.type).toBe('/problems/connect-link-used');
    // The answer names the route, not the link's secret state.
    expect(refusal.instance).toBe('/connect/{state}/notify');
    expect(JSON.stringify(refusal)).not.toContain(state);
    expect(await listAccounts(db, ws.workspaceId)).toHaveLength(1);
  });

  it('acknowledges another status without change, and refuses a report whose name is not the link’s', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const created = await requestLink(unipile, ws.apiKey, { name: 'Named By Link' });
    const url = await hostedLinkOf(created);
    const link = fake.hostedLinks.find((candidate) => candidate.url === url)!;
    const post = (body: unknown) =>
      fetch(String(link.body.notify_url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const failed = await post({ status: 'CREATION_FAIL', account_id: 'x', name: link.body.name });
    const wrongName = await post({ status: 'CREATION_SUCCESS', account_id: 'x', name: 'cl_someone_else' });

    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ received: true, handled: false });
    expect(wrongName.status).toBe(400);
    expect(await listAccounts(db, ws.workspaceId)).toEqual([]);

    // The link still works; the link's name overrides the profile's.
    const reported = await fake.completeHostedAuth(url, {
      accountId: `unipile-${newId('sbx').slice(-12)}`,
      publicIdentifier: 'named-one',
      name: 'Profile Name',
    });
    expect(reported.status).toBe(200);
    expect((await listAccounts(db, ws.workspaceId)).map((account) => account.name)).toEqual(['Named By Link']);
  });

  it('waits for a login that answers only seconds after Unipile reported it, instead of answering 503 and losing it', async () => {
    // "Account can take few seconds to be able to perform requests" (Unipile, Account status updates).
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const url = await hostedLinkOf(await requestLink(unipile, ws.apiKey, {}));
    const loginId = `unipile-${newId('sbx').slice(-12)}`;

    const reported = await fake.completeHostedAuth(url, {
      accountId: loginId,
      publicIdentifier: 'slow-starter',
      name: 'Slow Starter',
      readyAfterMs: 1200,
    });

    expect(reported.status).toBe(200);
    expect(await reported.json()).toMatchObject({ received: true, handled: true, accountId: expect.stringMatching(/^acc_/) });
    const asked = fake.requests.filter((request) => request.path === '/api/v1/users/me' && request.query.account_id === loginId);
    expect(asked.length).toBeGreaterThan(1);
    expect(await listAccounts(db, ws.workspaceId)).toEqual([expect.objectContaining({ providerAccountId: loginId })]);
  });

  it('refuses a report naming a login Unipile does not know (422 naming account_id), the link staying usable', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const url = await hostedLinkOf(await requestLink(unipile, ws.apiKey, {}));
    const link = fake.hostedLinks.find((candidate) => candidate.url === url)!;

    const unknown = await fetch(String(link.body.notify_url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'CREATION_SUCCESS', account_id: 'never-registered-login', name: link.body.name }),
    });

    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({
      type: '/problems/unknown-login',
      errors: [{ path: 'account_id', message: 'is not a login the provider knows' }],
    });
    expect(await listAccounts(db, ws.workspaceId)).toEqual([]);
    const reported = await fake.completeHostedAuth(url, {
      accountId: `unipile-${newId('sbx').slice(-12)}`,
      publicIdentifier: 'later-one',
      name: 'Later',
    });
    expect(reported.status).toBe(200);
  });

  it('gives a fresh hosted link at each opening: one made before Unipile restarted no longer works, the link given out still does', async () => {
    // "All links expire upon daily restart, regardless of their stated expiration date" (Hosted auth wizard).
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const created = await requestLink(unipile, ws.apiKey, {});
    const before = await hostedLinkOf(created);
    fake.restartDaily();

    const stale = await fetch(before);
    const after = await hostedLinkOf(created);
    const reported = await fake.completeHostedAuth(after, {
      accountId: `unipile-${newId('sbx').slice(-12)}`,
      publicIdentifier: 'after-restart',
      name: 'After Restart',
    });

    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ type: 'errors/expired_link' });
    await expect(fake.completeHostedAuth(before, { accountId: 'never', publicIdentifier: 'never', name: 'Never' })).rejects.toThrow(
      /expired/,
    );
    expect(after).not.toBe(before);
    expect(reported.status).toBe(200);
    expect(await listAccounts(db, ws.workspaceId)).toEqual([expect.objectContaining({ name: 'After Restart' })]);
  });

  it('answers a page when Unipile cannot make its hosted link: 503 with Retry-After to try again, 502 saying to ask for a new link', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    const { url } = bodyOf(await requestLink(unipile, ws.apiKey, {})) as { url: string };
    fake.failNext({ status: 503, type: 'errors/service_unavailable', match: 'POST /api/v1/hosted/accounts/link' });
    const unavailable = await fetch(url, { redirect: 'manual' });
    fake.failNext({ status: 400, type: 'errors/invalid_parameters', detail: 'nope', match: 'POST /api/v1/hosted/accounts/link' });
    const refused = await fetch(url, { redirect: 'manual' });

    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBeDefined();
    expect(unavailable.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unavailable.text()).toContain('Try again in a moment');
    expect(refused.status).toBe(502);
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await refused.text();
    expect(page).toContain('This link cannot be opened');
    expect(page).toContain('(invalid_parameters). Ask whoever sent you this link for a new one.');
    // The link itself is not spent: opened again once Unipile answers, it works.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(303);
  });

  it('reconnects through a reconnect link: Unipile reports the same login, the account is active again', async () => {
    const loginId = `unipile-${newId('sbx').slice(-12)}`;
    const ws = await createTestWorkspace(db, { accounts: [{ providerAccountId: loginId }] });
    const webhookId = await subscribe(ws);
    const account = ws.accounts[0]!;
    await markAccountDisconnected({ db }, account, { cause: 'provider_error', detail: 'disconnected_account' }, new Date());

    const created = await requestLink(unipile, ws.apiKey, { reconnectAccountId: account.accountId });
    const url = await hostedLinkOf(created);
    const link = fake.hostedLinks.find((candidate) => candidate.url === url)!;
    expect(link.body).toMatchObject({ type: 'reconnect', reconnect_account: loginId });

    const reported = await fake.completeHostedAuth(url, { publicIdentifier: 'whoever', name: 'Whoever' });

    expect(reported.status).toBe(200);
    expect(await reported.json()).toEqual({ received: true, handled: true, accountId: account.accountId });
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toBeUndefined();
    expect((await eventsOf(ws, webhookId)).map((event) => event.type)).toEqual(['account.reconnected']);
  });

  it('refuses a reconnect report naming another login (409), changing nothing', async () => {
    const loginId = `unipile-${newId('sbx').slice(-12)}`;
    const ws = await createTestWorkspace(db, { accounts: [{ providerAccountId: loginId }] });
    const account = ws.accounts[0]!;
    await markAccountDisconnected({ db }, account, { cause: 'provider_error', detail: 'disconnected_account' }, new Date());
    const url = await hostedLinkOf(await requestLink(unipile, ws.apiKey, { reconnectAccountId: account.accountId }));

    const reported = await fake.completeHostedAuth(url, { accountId: 'another-login', publicIdentifier: 'another', name: 'Another' });

    expect(reported.status).toBe(409);
    expect(((await reported.json()) as Record<string, unknown>).type).toBe('/problems/connect-login-mismatch');
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toBeDefined();
  });
});
