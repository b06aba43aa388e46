import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { newId } from '../../../lib/ids';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { runAction } from '../../../lib/outreach/run/run-action';
import { getAccount, putAccount } from '../../../lib/store/accounts';
import { getGroup } from '../../../lib/store/groups';
import { createTestQueue, createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';
import type { HandlerCall } from './handler-call';
import { callHandler, documentedBody } from './handler-call';
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * The accounts endpoints through their deployed handlers, against the local DynamoDB: the view and
 * its limits' sources, the list's filters and pages, PATCH (and what pausing does to a like), DELETE
 * (and what it does to the account's waiting actions), and usage after a performed action. Every
 * answer is checked against the API reference.
 */
const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);
const handlers: Record<string, HttpHandler> = {};
let likeQueueUrl: string;
let ws: TestWorkspace;
let other: TestWorkspace;

const routes = {
  list: { method: 'GET', route: '/api/v1/accounts' },
  get: { method: 'GET', route: '/api/v1/accounts/{accountId}' },
  update: { method: 'PATCH', route: '/api/v1/accounts/{accountId}' },
  remove: { method: 'DELETE', route: '/api/v1/accounts/{accountId}' },
  usage: { method: 'GET', route: '/api/v1/accounts/{accountId}/usage' },
  like: { method: 'POST', route: '/api/v1/social-selling/like' },
} as const;
type RouteName = keyof typeof routes;

beforeAll(async () => {
  likeQueueUrl = await createTestQueue(sqs, 'accounts-like');
  handlers.list = await loadHandler(() => import('../../../functions/http/list-accounts'), {});
  handlers.get = await loadHandler(() => import('../../../functions/http/get-account'), {});
  handlers.update = await loadHandler(() => import('../../../functions/http/update-account'), {});
  handlers.remove = await loadHandler(() => import('../../../functions/http/delete-account'), {});
  handlers.usage = await loadHandler(() => import('../../../functions/http/get-account-usage'), {});
  handlers.like = await loadHandler(() => import('../../../functions/http/like'), { JOBS_QUEUE_URL: likeQueueUrl });
  ws = await createTestWorkspace(db, {
    accounts: [{ name: 'Ann', timezone: 'Europe/Paris', dailyLimits: { reactions: 25 } }, { name: 'Bo' }, { name: 'Cy' }],
    groups: { sales: [0, 1], founders: [1] },
    settings: { limits: { daily: { comments: 7 }, weeklyInvitations: 60 } },
  });
  other = await createTestWorkspace(db, { accounts: 1 });
});

/** Calls one of the routes above as `as` (the workspace's api key), and checks the answer against the reference. */
async function call(
  name: RouteName,
  as: TestWorkspace,
  request: Omit<HandlerCall, 'method' | 'route' | 'apiKey'> = {},
): Promise<{ result: LambdaHttpResult; body: Record<string, unknown> }> {
  const result = await callHandler(handlers[name]!, { ...routes[name], apiKey: as.apiKey, ...request });
  return { result, body: name === 'like' ? (result.body ? bodyOf(result) : {}) : documentedBody(routes[name], result) };
}
const byId = (accountId: string) => ({ pathParameters: { accountId } });

function expectProblem(result: LambdaHttpResult, status: number, slug: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({ type: `/problems/${slug}`, status });
}

describe('GET /api/v1/accounts/{accountId}', () => {
  it('shows the account, the limits that apply with where each comes from, and its groups', async () => {
    const ann = ws.accounts[0]!;

    const { result, body } = await call('get', ws, byId(ann.accountId));

    expect(result.statusCode).toBe(200);
    expect(body).toMatchObject({
      accountId: ann.accountId,
      name: 'Ann',
      profileUrl: ann.profileUrl,
      status: 'active',
      paused: false,
      mode: 'autopilot',
      timezone: 'Europe/Paris',
      // The test workspace's accounts work around the clock, by their own setting.
      workingHours: { start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7], source: 'account' },
      limits: {
        daily: {
          reactions: { value: 25, source: 'account' },
          comments: { value: 7, source: 'workspace' },
          messages: { value: 50, source: 'default' },
        },
        weeklyInvitations: { value: 60, source: 'workspace' },
      },
      groups: ['sales'],
      provider: null,
      connectedAt: null,
      links: { self: `/api/v1/accounts/${ann.accountId}`, usage: `/api/v1/accounts/${ann.accountId}/usage` },
    });
    expect((await call('get', ws, byId(ws.accounts[1]!.accountId))).body.groups).toEqual(['founders', 'sales']);
  });

  it("is a 404 for another workspace's account, an unknown id and one that cannot be an id", async () => {
    for (const accountId of [other.accounts[0]!.accountId, newId('acc'), 'acc_../../x', 'x'.repeat(101)]) {
      expectProblem((await call('get', ws, byId(accountId))).result, 404, 'not-found');
    }
  });

  it('is a 401 without a valid api key', async () => {
    const result = await callHandler(handlers.get!, { ...routes.get, apiKey: 'wsk_nope', ...byId(ws.accounts[0]!.accountId) });

    expectProblem(result, 401, 'unauthorized');
  });
});

describe('GET /api/v1/accounts', () => {
  it("lists the workspace's accounts, oldest first, and none of another's", async () => {
    const { result, body } = await call('list', ws);

    expect(result.statusCode).toBe(200);
    expect((body.items as Array<{ accountId: string }>).map((item) => item.accountId)).toEqual(ws.accounts.map((a) => a.accountId));
    expect(body.links).toEqual({});
    expect(body.nextCursor).toBeUndefined();
  });

  it('pages with limit and the cursor of links.next, keeping the filters', async () => {
    const first = await call('list', ws, { query: { limit: '1', group: 'sales' } });
    const next = (first.body.links as { next: string }).next;
    const query = Object.fromEntries(new URL(next, 'http://x').searchParams);
    const second = await call('list', ws, { query });
    const accountIds = (page: Record<string, unknown>) => (page.items as Array<{ accountId: string }>).map((item) => item.accountId);

    expect(query).toEqual({ group: 'sales', limit: '1', cursor: first.body.nextCursor });
    expect(accountIds(first.body)).toEqual([ws.accounts[0]!.accountId]);
    expect(accountIds(second.body)).toEqual([ws.accounts[1]!.accountId]);
    // The last page says so: no cursor, no next link.
    expect(second.body.nextCursor).toBeUndefined();
    expect(second.body.links).toEqual({});
  });

  it('filters by group (case-insensitive) and by status', async () => {
    const own = await createTestWorkspace(db, { accounts: 3, groups: { Founders: [1, 2] } });
    await call('update', own, { ...byId(own.accounts[2]!.accountId), body: { paused: true } });
    await putAccount(db, {
      ...(await getAccount(db, own.workspaceId, own.accounts[0]!.accountId))!,
      disconnectedAt: new Date().toISOString(),
    });
    const ids = async (query: Record<string, string>) =>
      ((await call('list', own, { query })).body.items as Array<{ accountId: string }>).map((item) => item.accountId);

    expect(await ids({ group: 'FOUNDERS' })).toEqual([own.accounts[1]!.accountId, own.accounts[2]!.accountId]);
    expect(await ids({ status: 'paused' })).toEqual([own.accounts[2]!.accountId]);
    expect(await ids({ status: 'disconnected' })).toEqual([own.accounts[0]!.accountId]);
    expect(await ids({ status: 'active', group: 'founders' })).toEqual([own.accounts[1]!.accountId]);
  });

  it("is a 422 naming query.group for a group the workspace does not have (another workspace's included)", async () => {
    const { result } = await call('list', other, { query: { group: 'founders' } });

    expectProblem(result, 422, 'unknown-groups');
    expect(fieldErrorsOf(result)).toEqual([{ path: 'query.group', message: 'the workspace has no group named "founders"' }]);
  });

  it('is a 400 naming each bad parameter', async () => {
    const { result } = await call('list', ws, { query: { status: 'gone', limit: '500' } });

    expectProblem(result, 400, 'validation-failed');
    expect(fieldErrorsOf(result).map((error) => error.path)).toEqual(['query.status', 'query.limit']);
  });
});

describe('PATCH /api/v1/accounts/{accountId}', () => {
  it('changes only the fields sent, and null goes back to the workspace', async () => {
    const own = await createTestWorkspace(db, { accounts: 1, settings: { limits: { daily: { reactions: 40 } } } });
    const accountId = own.accounts[0]!.accountId;

    const changed = await call('update', own, {
      ...byId(accountId),
      body: {
        mode: 'ask',
        timezone: 'America/New_York',
        workingHours: { start: '08:00', end: '17:00', days: [1, 2, 3, 4, 5] },
        limits: { daily: { reactions: 10, comments: 3 }, weeklyInvitations: 50 },
      },
    });
    const reverted = await call('update', own, {
      ...byId(accountId),
      body: { workingHours: null, limits: { daily: { reactions: null }, weeklyInvitations: null } },
    });

    expect(changed.result.statusCode).toBe(200);
    expect(changed.body).toMatchObject({
      mode: 'ask',
      timezone: 'America/New_York',
      workingHours: { start: '08:00', end: '17:00', source: 'account' },
      limits: {
        daily: { reactions: { value: 10, source: 'account' }, comments: { value: 3, source: 'account' } },
        weeklyInvitations: { value: 50, source: 'account' },
      },
    });
    expect(reverted.body).toMatchObject({
      mode: 'ask',
      workingHours: { start: '09:00', end: '18:00', source: 'default' },
      limits: {
        daily: { reactions: { value: 40, source: 'workspace' }, comments: { value: 3, source: 'account' } },
        weeklyInvitations: { value: 100, source: 'default' },
      },
    });
    expect((await getAccount(db, own.workspaceId, accountId))?.dailyLimits).toEqual({ comments: 3 });
  });

  it("sets the owner's email (lower-cased) that approval requests go to, null stops them, and a bad one is a 400 naming it", async () => {
    const own = await createTestWorkspace(db, { accounts: 1 });
    const accountId = own.accounts[0]!.accountId;

    const set = await call('update', own, { ...byId(accountId), body: { ownerEmail: 'Jane.Doe@Customer.example' } });
    const bad = await callHandler(handlers.update!, {
      ...routes.update,
      apiKey: own.apiKey,
      ...byId(accountId),
      body: { ownerEmail: 'not an email' },
    });
    const cleared = await call('update', own, { ...byId(accountId), body: { ownerEmail: null } });

    expect(set.body).toMatchObject({ ownerEmail: 'jane.doe@customer.example' });
    expectProblem(bad, 400, 'validation-failed');
    expect(bodyOf(bad)).toMatchObject({ errors: [{ path: 'ownerEmail' }] });
    expect(cleared.body).toMatchObject({ ownerEmail: null });
    expect((await getAccount(db, own.workspaceId, accountId))?.ownerEmail).toBeUndefined();
  });

  it('leaves what it does not change, such as a disconnection the provider reported meanwhile', async () => {
    const own = await createTestWorkspace(db, { accounts: 1 });
    const account = (await getAccount(db, own.workspaceId, own.accounts[0]!.accountId))!;
    const disconnectedAt = new Date().toISOString();
    await putAccount(db, { ...account, disconnectedAt });

    const { body } = await call('update', own, { ...byId(account.accountId), body: { mode: 'ask' } });

    expect(body).toMatchObject({ mode: 'ask', status: 'disconnected', disconnectedAt });
  });

  it.each([
    [{}, [{ path: '', message: 'must change at least one of mode, timezone, workingHours, limits, paused, ownerEmail' }]],
    [{ timezone: 'Mars/Olympus' }, [{ path: 'timezone', message: 'must be an IANA timezone such as Europe/Paris' }]],
    [
      { paused: 'yes', name: 'x' },
      [
        { path: 'paused', message: 'must be true or false' },
        { path: 'name', message: 'is not a known field' },
      ],
    ],
    [
      { limits: { daily: { invitations: 70 } } },
      [{ path: 'limits.daily.invitations', message: 'must not exceed the weekly invitation limit (60 for this account)' }],
    ],
  ])('is a 400 naming the field: %j', async (patch, errors) => {
    const own = await createTestWorkspace(db, { accounts: [{ weeklyInvitations: 60 }] });

    const { result } = await call('update', own, { ...byId(own.accounts[0]!.accountId), body: patch });

    expectProblem(result, 400, 'validation-failed');
    expect(fieldErrorsOf(result)).toEqual(errors);
  });

  it("is a 404 for another workspace's account, and changes nothing of it", async () => {
    const { result } = await call('update', ws, { ...byId(other.accounts[0]!.accountId), body: { paused: true } });

    expectProblem(result, 404, 'not-found');
    expect((await getAccount(db, other.workspaceId, other.accounts[0]!.accountId))?.status).toBe('active');
  });

  it('pauses an account: a like whose groups have only paused accounts is a 422; resumed, it is accepted', async () => {
    const own = await createTestWorkspace(db, { accounts: 2, groups: { sales: [0], founders: [1] } });
    const likeBody = {
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000009/',
      groups: ['sales'],
      reactionType: 'like',
    };

    const paused = await call('update', own, { ...byId(own.accounts[0]!.accountId), body: { paused: true } });
    const refused = await call('like', own, { body: likeBody });
    const founders = await call('like', own, { body: { ...likeBody, groups: ['founders'] } });
    await call('update', own, { ...byId(own.accounts[0]!.accountId), body: { paused: false } });
    const resumed = await call('like', own, { body: likeBody });
    await drainQueue(sqs, likeQueueUrl, 0);

    expect(paused.body).toMatchObject({ status: 'paused', paused: true });
    expectProblem(refused.result, 422, 'groups-without-accounts');
    expect(fieldErrorsOf(refused.result)).toEqual([{ path: 'groups.0', message: 'group "sales" has no active account' }]);
    expect(founders.result.statusCode).toBe(202);
    expect(resumed.result.statusCode).toBe(202);
  });
});

describe('DELETE /api/v1/accounts/{accountId}', () => {
  it('takes the account out of every group, deletes it, and cancels its waiting actions', async () => {
    const own = await createTestWorkspace(db, { accounts: 2, groups: { sales: [0, 1], solo: [0] } });
    const [gone, stays] = own.accounts as [TestWorkspace['accounts'][0], TestWorkspace['accounts'][0]];
    // Two planned likes, their actions pending: one with both accounts, one with the removed one alone.
    const shared = await flow.acceptAndPlan(own.workspaceId, ['sales']);
    const alone = await flow.acceptAndPlan(own.workspaceId, ['solo'], {
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000010/',
    });

    const { result } = await call('remove', own, byId(gone.accountId));

    expect(result.statusCode).toBe(204);
    expectProblem((await call('get', own, byId(gone.accountId))).result, 404, 'not-found');
    expect((await getGroup(db, own.workspaceId, 'sales'))?.accountIds).toEqual([stays.accountId]);
    expect((await getGroup(db, own.workspaceId, 'solo'))?.accountIds).toEqual([]);
    const sharedView = await getJobView(db, own.workspaceId, shared.jobId);
    expect(sharedView.status).toBe('running');
    expect(sharedView.actions.find((action) => action.accountId === gone.accountId)).toMatchObject({
      status: 'cancelled',
      reason: 'account_removed',
      error: 'Its account was removed before it could act.',
    });
    expect(sharedView.actions.find((action) => action.accountId === stays.accountId)).toMatchObject({ status: 'pending' });
    // Nothing of the other job was left: it ended.
    expect(await getJobView(db, own.workspaceId, alone.jobId)).toMatchObject({ status: 'cancelled', counts: { total: 1, cancelled: 1 } });
    // The other account's action still runs, and its job then ends.
    for (const message of shared.actionMessages.filter((m) => m.accountId === stays.accountId)) await runAction(flow.runDeps(), message);
    expect(await getJobView(db, own.workspaceId, shared.jobId)).toMatchObject({
      status: 'succeeded',
      counts: { succeeded: 1, cancelled: 1 },
    });
  });

  it("is a 404 for another workspace's account (which stays) and an unknown one", async () => {
    expectProblem((await call('remove', ws, byId(other.accounts[0]!.accountId))).result, 404, 'not-found');
    expectProblem((await call('remove', ws, byId(newId('acc')))).result, 404, 'not-found');
    expect(await getAccount(db, other.workspaceId, other.accounts[0]!.accountId)).toBeDefined();
  });
});

describe('GET /api/v1/accounts/{accountId}/usage', () => {
  it("counts a performed action in the account's day, and its waiting actions", async () => {
    const own = await createTestWorkspace(db, { accounts: [{ dailyLimits: { reactions: 30 } }] });
    const accountId = own.accounts[0]!.accountId;
    const { actionMessages } = await flow.acceptAndPlan(own.workspaceId, ['sales']);

    const waiting = await call('usage', own, byId(accountId));
    await runAction(flow.runDeps(), actionMessages[0]!);
    const { result, body } = await call('usage', own, byId(accountId));

    expect(waiting.body).toMatchObject({ waitingActions: 1, kinds: { reactions: { usedToday: 0, dailyLimit: 30 } } });
    expect(result.statusCode).toBe(200);
    expect(body).toMatchObject({
      accountId,
      status: 'active',
      timezone: 'UTC',
      day: new Date().toISOString().slice(0, 10),
      kinds: {
        reactions: { usedToday: 1, dailyLimit: 30 },
        comments: { usedToday: 0, dailyLimit: 20 },
        invitations: { usedToday: 0, dailyLimit: 20 },
      },
      weeklyInvitations: { usedThisWeek: 0, usedLastSevenDays: 0, limit: 100 },
      waitingActions: 0,
      links: { account: `/api/v1/accounts/${accountId}` },
    });
    // The test workspace's accounts act at any hour with no gap: it may act again at once.
    expect(Date.parse(body.nextActionAt as string)).toBeLessThanOrEqual(Date.now());
  });

  it("is a 404 for another workspace's account", async () => {
    expectProblem((await call('usage', ws, byId(other.accounts[0]!.accountId))).result, 404, 'not-found');
  });
});
