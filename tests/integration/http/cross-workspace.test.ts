import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routeKey } from '../../../lib/http/route';
import { allRoutes, type DefinedRoute } from '../../../lib/routes/all-routes';
import { getWorkspace } from '../../../lib/store/workspaces';
import { createTestWorkspace, samplePostUrl, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { api, eventually } from '../../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../../helpers/jobs';
import { WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Every route that takes an id, over real HTTP through the local stack: workspace B's key on
 * workspace A's real ids gets the 404 an unknown id gets, and changes nothing in either workspace.
 * The table below must name every route of lib/routes with a `{param}`, by its name: a new one fails
 * the first test until it has a case.
 */
const db = testDb();
const salesCall = JSON.parse(readFileSync(join(__dirname, '../../fixtures/transcripts/sales-call.json'), 'utf8')) as Record<
  string,
  unknown
>;

type Ids = Record<'approvalId' | 'jobId' | 'call_id' | 'webhookId' | 'deliveryId' | 'accountId' | 'name', string>;
type Case =
  /** An api-key route: its body (if any, made from A's ids), and what A's own key gets on the same request (proof the ids are real). */
  | { body?: unknown | ((ids: Ids) => unknown); owner: number }
  /** A public route whose id is its credential: no api key is read, so there is no other workspace to be. */
  | { coveredBy: string }
  /** A route whose path names the caller's own thing by name, not by id: another workspace's name is simply the caller's (tested below). */
  | { ownName: string };

const approvalLinkToken =
  "the link's token: 32 random base62 characters (~190 bits), found by its SHA-256 like an api key, naming one approval; " +
  'no api key is read, and an unknown token is a 404 (tests/e2e/approval-page.test.ts)';

const connectLinkState =
  "the link's signed state (HMAC of the workspace and expiry, stored by its hash, single-use), naming one workspace; " +
  'no api key is read, and a forged or unknown state is a 404 (tests/integration/onboarding)';

const reportLinkToken =
  "the report link's signed token (HMAC of the workspace, the call id and the expiry), naming one workspace's call; " +
  'no api key is read, and a forged, altered or unknown token is a 404 (tests/integration/reports)';
const insightsLinkToken =
  "the insights link's signed token (HMAC of the workspace, the period and the expiry), naming one workspace; " +
  "no api key is read, a forged or altered token is a 404, and a workspace's page shows its own calls alone (tests/integration/reports)";

const cases: Partial<Record<DefinedRoute['name'], Case>> = {
  // Before the DELETE of the group, and of the account (DELETEs run in this order, after the rest).
  removeGroupAccount: { owner: 204 },
  getGroup: { owner: 200 },
  putGroup: {
    ownName: 'a group name is looked up in the key’s workspace only: PUT makes or replaces a group of the caller’s',
  },
  addGroupAccounts: { body: (ids: Ids) => ({ accounts: [ids.accountId] }), owner: 200 },
  deleteGroup: { owner: 204 },
  getAccount: { owner: 200 },
  updateAccount: { body: { mode: 'ask' }, owner: 200 },
  getAccountUsage: { owner: 200 },
  deleteAccount: { owner: 204 },
  // A's like has ended: its owner may not cancel it (409), and B must not learn even that.
  cancelJob: { owner: 409 },
  showConnectPage: { coveredBy: connectLinkState },
  connectOnPage: { coveredBy: connectLinkState },
  receiveConnectNotification: { coveredBy: connectLinkState },
  getApproval: { owner: 200 },
  decideApproval: { body: { decision: 'reject' }, owner: 200 },
  showApprovalPage: { coveredBy: approvalLinkToken },
  decideOnApprovalPage: { coveredBy: approvalLinkToken },
  getJob: { owner: 200 },
  getTranscript: { owner: 200 },
  getTranscriptReport: { owner: 200 },
  showTranscriptReport: { coveredBy: reportLinkToken },
  showInsightsPage: { coveredBy: insightsLinkToken },
  getWebhook: { owner: 200 },
  updateWebhook: { body: { description: 'changed' }, owner: 200 },
  deleteWebhook: { owner: 204 },
  rotateWebhookSecret: { owner: 200 },
  testWebhook: { owner: 202 },
  listWebhookDeliveries: { owner: 200 },
  // The delivery succeeded: its owner may not re-send it (409), and B must not learn even that.
  resendWebhookDelivery: { owner: 409 },
};

const withIds = (template: string, ids: Ids) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name as keyof Ids];
    if (!id) throw new Error(`no id for {${name}} in ${template}`);
    return id;
  });

const bodyOf = (spec: { body?: unknown }, ids: Ids) =>
  typeof spec.body === 'function' ? (spec.body as (ids: Ids) => unknown)(ids) : spec.body;

/** Each case, in the table's order, with its route: `METHOD /path` as the assertions name it. */
const casesOfRoutes = Object.entries(cases).map(([name, spec]) => {
  const definition = allRoutes.find((route) => route.name === name)!;
  return { route: routeKey(definition), spec: spec!, method: definition.method, template: definition.path };
});
const apiKeyCases = casesOfRoutes.flatMap(({ spec, ...rest }) => ('owner' in spec ? [{ ...rest, spec }] : []));

let a: TestWorkspace;
let b: TestWorkspace;
let ids: Ids;
let receiver: WebhookReceiver;

/** Every item under a workspace's partitions (its webhook's deliveries included), but its request counters. */
async function itemsOf(workspaceId: string, webhookId?: string): Promise<unknown[]> {
  const partitions = [`WS#${workspaceId}`, ...(webhookId ? [`WS#${workspaceId}#WEBHOOK#${webhookId}`] : [])];
  const items: unknown[] = [];
  for (const pk of partitions) {
    const { Items } = await db.client.send(
      new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': pk } }),
    );
    items.push(...(Items ?? []).filter((item) => !String(item.sk).startsWith('RATE#')));
  }
  return items;
}

/** A's real things, each settled (nothing left running that would change them on its own). */
async function thingsOf(owner: TestWorkspace): Promise<Ids> {
  const as = { apiKey: owner.apiKey };
  const liked = await api('POST', '/api/v1/social-selling/like', {
    ...as,
    body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
  });
  const asked = await api('POST', '/api/v1/social-selling/dm', {
    ...as,
    body: {
      target: `https://www.linkedin.com/in/${owner.workspaceId}-prospect`,
      user: owner.accounts[0]!.profileUrl,
      message: 'Hello',
      get_approved: true,
    },
  });
  const callId = `${owner.workspaceId}-call`;
  const transcript = await api('POST', '/api/v1/transcript/add', { ...as, body: { ...salesCall, call_id: callId } });
  // Subscribed to an event nothing here emits: only the test's ping is delivered to it.
  const webhook = await api('POST', '/api/v1/webhooks', { ...as, body: { url: receiver.url('/cross'), events: ['lead.replied'] } });
  const webhookId = String(webhook.body.webhookId);
  const tested = await api('POST', `/api/v1/webhooks/${webhookId}/test`, as);
  // A group only A has (every test workspace has a `sales`).
  const groupName = `only-${owner.workspaceId}`;
  const group = await api('PUT', `/api/v1/groups/${groupName}`, { ...as, body: { accounts: [owner.accounts[0]!.accountId] } });
  expect([liked.status, asked.status, transcript.status, webhook.status, tested.status, group.status]).toEqual([
    202, 202, 202, 201, 202, 201,
  ]);

  await jobInStatus(owner.apiKey, String(liked.headers.get('location')), finalJobStatuses);
  const waiting = await jobInStatus(owner.apiKey, String(asked.headers.get('location')), ['awaiting_approval']);
  await eventually(async () => {
    const status = (await api('GET', `/api/v1/transcript/${callId}`, as)).body.status;
    return status === 'analysed' || status === 'failed' ? status : undefined;
  });
  const delivery = await eventually(async () => {
    const items = (await api('GET', `/api/v1/webhooks/${webhookId}/deliveries`, as)).body.items as
      Array<{ deliveryId: string; status: string }> | undefined;
    return items?.find((item) => item.status === 'succeeded');
  });
  return {
    jobId: String(liked.body.jobId),
    approvalId: String(waiting.actions[0]!.approval.approvalId),
    call_id: callId,
    webhookId,
    deliveryId: delivery.deliveryId,
    accountId: owner.accounts[0]!.accountId,
    name: groupName,
  };
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  a = await createTestWorkspace(db, { accounts: 1 });
  b = await createTestWorkspace(db, { accounts: 1 });
  ids = await thingsOf(a);
}, 90_000);
afterAll(() => receiver.stop());

describe("another workspace's ids", () => {
  it('has a case for every route that takes an id', () => {
    const withParams = allRoutes.filter((route) => route.path.includes('{')).map((route) => route.name);

    expect(Object.keys(cases).sort()).toEqual(withParams.sort());
  });

  it("are a 404 on every api-key route, the 404 an unknown id gets, and change nothing in either workspace; A's own key reaches them", async () => {
    const before = { a: await itemsOf(a.workspaceId, ids.webhookId), b: await itemsOf(b.workspaceId) };
    // Ids of the same shape that name nothing.
    const unknownIds = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`]),
    ) as Ids;
    /** A problem without what differs between the two requests: the request id, and the ids in the path. */
    const comparable = (body: Record<string, unknown>, used: Ids) => {
      const { requestId: _requestId, ...rest } = body;
      return Object.entries(used).reduce((text, [name, id]) => text.split(id).join(`<${name}>`), JSON.stringify(rest));
    };

    const foreign = [];
    for (const { route, spec, method, template } of apiKeyCases) {
      const onA = await api(method, withIds(template, ids), { apiKey: b.apiKey, body: bodyOf(spec, ids) });
      const unknown = await api(method, withIds(template, unknownIds), { apiKey: b.apiKey, body: bodyOf(spec, ids) });
      foreign.push({
        route,
        status: onA.status,
        type: onA.body.type,
        sameAsUnknown: comparable(onA.body, ids) === comparable(unknown.body, unknownIds),
      });
    }
    const after = { a: await itemsOf(a.workspaceId, ids.webhookId), b: await itemsOf(b.workspaceId) };

    expect(foreign).toEqual(apiKeyCases.map(({ route }) => ({ route, status: 404, type: '/problems/not-found', sameAsUnknown: true })));
    expect(after).toEqual(before);

    // The same requests with A's key: the ids are real (DELETE last, the others need the webhook).
    const owned = [];
    for (const { route, spec, method, template } of [...apiKeyCases].sort(
      (x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'),
    )) {
      owned.push({ route, status: (await api(method, withIds(template, ids), { apiKey: a.apiKey, body: bodyOf(spec, ids) })).status });
    }
    expect(owned.sort((x, y) => x.route.localeCompare(y.route))).toEqual(
      apiKeyCases.map(({ route, spec }) => ({ route, status: spec.owner })).sort((x, y) => x.route.localeCompare(y.route)),
    );
  });

  it.each(casesOfRoutes.filter(({ spec }) => 'coveredBy' in spec).map(({ route }) => route))(
    '%s is covered by its token, not an api key',
    async (route) => {
      const [method, template] = route.split(' ') as [string, string];
      const guessedPath = template.replace('{token}', 'A'.repeat(32)).replace('{state}', `v1.${'A'.repeat(40)}.${'B'.repeat(43)}`);
      const body = template.startsWith('/approve/')
        ? { rawBody: 'decision=approve', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : template.endsWith('/notify')
          ? { body: { status: 'CREATION_SUCCESS', account_id: 'login-x', name: 'cl_x' } }
          : {
              rawBody: 'profileUrl=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjane&name=Jane',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            };
      // B's key does not open anything there: a guessed token is a 404 whatever key comes with it.
      const guessed = await api(method, guessedPath, { apiKey: b.apiKey, ...(method === 'POST' ? body : {}) });

      expect(guessed.status).toBe(404);
    },
  );

  it("PUT of a group named as one of another workspace's makes the caller's own group, and leaves the other's as it was", async () => {
    // Workspaces of this test's own: the test above removed A's account.
    const [c, d] = [await createTestWorkspace(db, { accounts: 1 }), await createTestWorkspace(db, { accounts: 1 })];
    const name = `only-${c.workspaceId}`;
    const made = await api('PUT', `/api/v1/groups/${name}`, { apiKey: c.apiKey, body: { accounts: [c.accounts[0]!.accountId] } });

    const put = await api('PUT', `/api/v1/groups/${name}`, { apiKey: d.apiKey, body: { accounts: [d.accounts[0]!.accountId] } });
    const ofC = await api('GET', `/api/v1/groups/${name}`, { apiKey: c.apiKey });

    expect([made.status, put.status, ofC.status]).toEqual([201, 201, 200]);
    expect(JSON.stringify(put.body)).not.toContain(c.accounts[0]!.accountId);
    expect(JSON.stringify(ofC.body)).toContain(c.accounts[0]!.accountId);
    expect(JSON.stringify(ofC.body)).not.toContain(d.accounts[0]!.accountId);
  });

  it("/api/v1/workspace names no id: each key reads and changes its own workspace's settings, never another's", async () => {
    const [c, d] = [await createTestWorkspace(db, { accounts: 1 }), await createTestWorkspace(db, { accounts: 1 })];
    const slack = `https://hooks.slack.com/services/T0/B0/${c.workspaceId}`;

    const patched = await api('PATCH', '/api/v1/workspace', { apiKey: c.apiKey, body: { slackWebhookUrl: slack } });
    const [ofC, ofD] = await Promise.all([
      api('GET', '/api/v1/workspace', { apiKey: c.apiKey }),
      api('GET', '/api/v1/workspace', { apiKey: d.apiKey }),
    ]);

    expect(patched.status).toBe(200);
    expect(ofC.body).toMatchObject({ workspaceId: c.workspaceId, slackWebhookUrl: `https://hooks.slack.com/…${slack.slice(-4)}` });
    expect(ofD.body).toMatchObject({ workspaceId: d.workspaceId, slackWebhookUrl: null });

    // null removes the setting, in place: the workspace's other settings stay as they were.
    const cleared = await api('PATCH', '/api/v1/workspace', { apiKey: c.apiKey, body: { slackWebhookUrl: null } });
    expect(cleared.body).toMatchObject({ workspaceId: c.workspaceId, slackWebhookUrl: null });
    expect((await getWorkspace(db, c.workspaceId))?.settings).toMatchObject({ pacingWindowSeconds: 0, spacing: expect.any(Object) });
  });
});
