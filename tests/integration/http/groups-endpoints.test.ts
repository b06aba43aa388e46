import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { newId } from '../../../lib/ids';
import { getGroup } from '../../../lib/store/groups';
import { createTestWorkspace, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { api } from '../../helpers/http-client';
import type { HandlerCall } from './handler-call';
import { callHandler, documentedBody } from './handler-call';
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * The groups endpoints through their deployed handlers, against the local DynamoDB (and once over
 * HTTP through serverless offline, for a name the path carries percent-encoded). Every answer is
 * checked against the API reference.
 */
const db = testDb();
const handlers: Record<string, HttpHandler> = {};
let ws: TestWorkspace;
let other: TestWorkspace;

const routes = {
  list: { method: 'GET', route: '/api/v1/groups' },
  get: { method: 'GET', route: '/api/v1/groups/{name}' },
  put: { method: 'PUT', route: '/api/v1/groups/{name}' },
  remove: { method: 'DELETE', route: '/api/v1/groups/{name}' },
  add: { method: 'POST', route: '/api/v1/groups/{name}/accounts' },
  removeAccount: { method: 'DELETE', route: '/api/v1/groups/{name}/accounts/{accountId}' },
} as const;
type RouteName = keyof typeof routes;

beforeAll(async () => {
  handlers.list = await loadHandler(() => import('../../../functions/http/list-groups'), {});
  handlers.get = await loadHandler(() => import('../../../functions/http/get-group'), {});
  handlers.put = await loadHandler(() => import('../../../functions/http/put-group'), {});
  handlers.remove = await loadHandler(() => import('../../../functions/http/delete-group'), {});
  handlers.add = await loadHandler(() => import('../../../functions/http/add-group-accounts'), {});
  handlers.removeAccount = await loadHandler(() => import('../../../functions/http/remove-group-account'), {});
  ws = await createTestWorkspace(db, { accounts: 3, groups: { Sales: [0, 1], founders: [2] } });
  other = await createTestWorkspace(db, { accounts: 1, groups: { partners: [0] } });
});

async function call(
  name: RouteName,
  as: TestWorkspace,
  request: Omit<HandlerCall, 'method' | 'route' | 'apiKey'> = {},
): Promise<{ result: LambdaHttpResult; body: Record<string, unknown> }> {
  const result = await callHandler(handlers[name]!, { ...routes[name], apiKey: as.apiKey, ...request });
  return { result, body: documentedBody(routes[name], result) };
}
const named = (name: string, accountId?: string) => ({ pathParameters: { name, ...(accountId ? { accountId } : {}) } });
const ids = (workspace: TestWorkspace, ...indexes: number[]) => indexes.map((index) => workspace.accounts[index]!.accountId);

function expectProblem(result: LambdaHttpResult, status: number, slug: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({ type: `/problems/${slug}`, status });
}

describe('GET /api/v1/groups and /api/v1/groups/{name}', () => {
  it("lists the workspace's groups, and none of another's", async () => {
    const { result, body } = await call('list', ws);

    expect(result.statusCode).toBe(200);
    expect(body.items).toEqual([
      expect.objectContaining({ name: 'founders', accountIds: ids(ws, 2) }),
      expect.objectContaining({
        name: 'Sales',
        accountIds: ids(ws, 0, 1),
        links: { self: '/api/v1/groups/Sales', accounts: '/api/v1/groups/Sales/accounts' },
      }),
    ]);
  });

  it('reads a group by its name, case-insensitively and trimmed', async () => {
    const { result, body } = await call('get', ws, named(' SALES '));

    expect(result.statusCode).toBe(200);
    expect(body).toMatchObject({ name: 'Sales', accountIds: ids(ws, 0, 1) });
  });

  it.each(['partners', 'nope', '', 'x'.repeat(101)])(
    "is a 404 for a group the workspace does not have (another's, unknown, impossible): %j",
    async (name) => {
      expectProblem((await call('get', ws, named(name))).result, 404, 'not-found');
    },
  );
});

describe('PUT /api/v1/groups/{name}', () => {
  it('creates a group (201, Location), then replaces its accounts (200), keeping its spelling and creation time', async () => {
    const created = await call('put', ws, { ...named('EMEA team'), body: { accounts: ids(ws, 0, 1, 0) } });
    const replaced = await call('put', ws, { ...named('emea TEAM'), body: { accounts: ids(ws, 2) } });
    const emptied = await call('put', ws, { ...named('emea team'), body: { accounts: [] } });

    expect(created.result.statusCode).toBe(201);
    expect(created.result.headers.location).toBe('/api/v1/groups/EMEA%20team');
    expect(created.body).toMatchObject({ name: 'EMEA team', accountIds: ids(ws, 0, 1) });
    expect(replaced.result.statusCode).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'EMEA team', accountIds: ids(ws, 2), createdAt: created.body.createdAt });
    expect(emptied.body).toMatchObject({ accountIds: [] });
    expect((await getGroup(db, ws.workspaceId, 'EMEA TEAM'))?.accountIds).toEqual([]);
  });

  it("is a 422 naming each unknown account, another workspace's included, and changes nothing", async () => {
    const { result } = await call('put', ws, {
      ...named('Sales'),
      body: { accounts: [ws.accounts[0]!.accountId, other.accounts[0]!.accountId, 'acc_nope', 'acc/../x'] },
    });

    expectProblem(result, 422, 'unknown-accounts');
    expect(fieldErrorsOf(result)).toEqual([
      { path: 'accounts.1', message: `the workspace has no account "${other.accounts[0]!.accountId}"` },
      { path: 'accounts.2', message: 'the workspace has no account "acc_nope"' },
      { path: 'accounts.3', message: 'the workspace has no account "acc/../x"' },
    ]);
    expect((await getGroup(db, ws.workspaceId, 'sales'))?.accountIds).toEqual(ids(ws, 0, 1));
  });

  it('is a 400 naming path.name for a name no group may have, and the body fields', async () => {
    const tooLong = await call('put', ws, { ...named('x'.repeat(101)), body: { accounts: [] } });
    const badBody = await call('put', ws, { ...named('ok'), body: { accounts: 'acc_1', extra: true } });

    expectProblem(tooLong.result, 400, 'validation-failed');
    expect(fieldErrorsOf(tooLong.result)).toEqual([{ path: 'path.name', message: 'must be at most 100 characters' }]);
    expectProblem(badBody.result, 400, 'validation-failed');
    expect(fieldErrorsOf(badBody.result)).toEqual([
      { path: 'accounts', message: 'must be an array of account ids' },
      { path: 'extra', message: 'is not a known field' },
    ]);
  });
});

describe('DELETE /api/v1/groups/{name}', () => {
  it('deletes the group (its accounts stay); then it is a 404', async () => {
    await call('put', ws, { ...named('temporary'), body: { accounts: ids(ws, 0) } });

    const deleted = await call('remove', ws, named('TEMPORARY'));
    const again = await call('remove', ws, named('temporary'));

    expect(deleted.result.statusCode).toBe(204);
    expectProblem(again.result, 404, 'not-found');
    expect(await getGroup(db, ws.workspaceId, 'temporary')).toBeUndefined();
  });

  it("is a 404 for another workspace's group, which stays", async () => {
    expectProblem((await call('remove', ws, named('partners'))).result, 404, 'not-found');
    expect(await getGroup(db, other.workspaceId, 'partners')).toBeDefined();
  });
});

describe('POST /api/v1/groups/{name}/accounts', () => {
  it('adds accounts, once each', async () => {
    await call('put', ws, { ...named('adds'), body: { accounts: ids(ws, 0) } });

    const { result, body } = await call('add', ws, { ...named('Adds'), body: { accounts: ids(ws, 1, 0, 1) } });

    expect(result.statusCode).toBe(200);
    expect(body).toMatchObject({ name: 'adds', accountIds: ids(ws, 0, 1) });
  });

  it("is a 422 for an unknown account (another workspace's too), and a 404 for an unknown group", async () => {
    const unknown = await call('add', ws, { ...named('founders'), body: { accounts: [newId('acc'), other.accounts[0]!.accountId] } });
    const noGroup = await call('add', ws, { ...named('partners'), body: { accounts: ids(ws, 0) } });

    expectProblem(unknown.result, 422, 'unknown-accounts');
    expect(fieldErrorsOf(unknown.result).map((error) => error.path)).toEqual(['accounts.0', 'accounts.1']);
    expectProblem(noGroup.result, 404, 'not-found');
    expect((await getGroup(db, other.workspaceId, 'partners'))?.accountIds).toEqual(ids(other, 0));
  });

  it('is a 400 naming the field when no account is named', async () => {
    const { result } = await call('add', ws, { ...named('founders'), body: { accounts: [] } });

    expectProblem(result, 400, 'validation-failed');
    expect(fieldErrorsOf(result)).toEqual([{ path: 'accounts', message: 'must name at least one account' }]);
  });

  it('never loses an addition made at the same moment', async () => {
    const own = await createTestWorkspace(db, { accounts: 6, groups: { crowd: [] } });

    const answers = await Promise.all(
      own.accounts.map((account) => call('add', own, { ...named('crowd'), body: { accounts: [account.accountId] } })),
    );

    expect(answers.map(({ result }) => result.statusCode)).toEqual(own.accounts.map(() => 200));
    expect((await getGroup(db, own.workspaceId, 'crowd'))?.accountIds.sort()).toEqual(own.accounts.map((a) => a.accountId).sort());
  });
});

describe('DELETE /api/v1/groups/{name}/accounts/{accountId}', () => {
  it('takes the account out; one not in the group is a 204 again (the group is as asked)', async () => {
    await call('put', ws, { ...named('removals'), body: { accounts: ids(ws, 0, 1) } });

    const removed = await call('removeAccount', ws, named('Removals', ws.accounts[0]!.accountId));
    const again = await call('removeAccount', ws, named('removals', ws.accounts[0]!.accountId));
    const foreign = await call('removeAccount', ws, named('removals', other.accounts[0]!.accountId));

    expect([removed.result.statusCode, again.result.statusCode, foreign.result.statusCode]).toEqual([204, 204, 204]);
    expect((await getGroup(db, ws.workspaceId, 'removals'))?.accountIds).toEqual(ids(ws, 1));
  });

  it("is a 404 for a group the workspace does not have (another workspace's too), leaving it as it is", async () => {
    expectProblem((await call('removeAccount', ws, named('partners', other.accounts[0]!.accountId))).result, 404, 'not-found');
    expect((await getGroup(db, other.workspaceId, 'partners'))?.accountIds).toEqual(ids(other, 0));
  });
});

describe('over HTTP, through serverless offline', () => {
  it('takes a name the path carries percent-encoded, as written', async () => {
    const name = 'Ventes été 50%';
    const path = `/api/v1/groups/${encodeURIComponent(name)}`;

    const created = await api('PUT', path, { apiKey: ws.apiKey, body: { accounts: ids(ws, 0) } });
    const read = await api('GET', `/api/v1/groups/${encodeURIComponent(name.toUpperCase())}`, { apiKey: ws.apiKey });

    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(path);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name, accountIds: ids(ws, 0) });
  });
});
