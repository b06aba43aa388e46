import { newId } from '../../../lib/ids';
import { allRoutes as routes } from '../../../lib/routes/all-routes';
import { createTestWorkspace, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { api } from '../../helpers/http-client';
import { WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * An Idempotency-Key names one request: its method, its path with the ids in it, and its body as
 * JSON. Over real HTTP through the local stack, on every POST route of the api key that takes an id:
 * the same key on another resource is refused (422) instead of replaying the first resource's answer,
 * and the same key on the same request replays it, however its JSON is spaced or ordered. The table
 * below must name every such route of lib/routes: a new one fails the first test until it
 * has a case.
 */
const db = testDb();

type Case = {
  /** Two resources' path parameters, each valid in form and naming nothing (the answer is then a 404, stored like any 4xx). */
  ids: () => [Record<string, string>, Record<string, string>];
  /** A valid body (an invalid one is refused before the key is read), written twice: as sent, and spaced and reordered. */
  body?: (ws: TestWorkspace) => Record<string, unknown>;
};

const twice = (make: () => Record<string, string>): [Record<string, string>, Record<string, string>] => [make(), make()];

const cases: Record<string, Case> = {
  'POST /api/v1/groups/{name}/accounts': {
    ids: () => twice(() => ({ name: `nobody-${newId('req').slice(-8).toLowerCase()}` })),
    body: (ws) => ({ accounts: [ws.accounts[0]!.accountId] }),
  },
  'POST /api/v1/jobs/{jobId}/cancel': { ids: () => twice(() => ({ jobId: newId('job') })) },
  'POST /api/v1/approvals/{approvalId}': {
    ids: () => twice(() => ({ approvalId: newId('apr') })),
    body: () => ({ decision: 'approve', text: 'Edited, before a retry' }),
  },
  'POST /api/v1/webhooks/{webhookId}/rotate-secret': { ids: () => twice(() => ({ webhookId: newId('wh') })) },
  'POST /api/v1/webhooks/{webhookId}/test': { ids: () => twice(() => ({ webhookId: newId('wh') })) },
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend': {
    ids: () => twice(() => ({ webhookId: newId('wh'), deliveryId: newId('dlv') })),
  },
};

const pathOf = (template: string, ids: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!));

/** The same JSON as `JSON.stringify(body)`, with its keys in reverse order and other whitespace. */
const respaced = (body: Record<string, unknown>) =>
  `{\n  ${Object.entries(body)
    .reverse()
    .map(([key, value]) => `${JSON.stringify(key)} :  ${JSON.stringify(value, null, 1)}`)
    .join(' ,\n  ')}\n}`;

let ws: TestWorkspace;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  ws = await createTestWorkspace(db, { accounts: 1 });
});
afterAll(() => receiver.stop());

describe('an Idempotency-Key on a route that takes an id', () => {
  it('has a case for every POST route of the api key with a path parameter', () => {
    const withParams = routes
      .filter((route) => route.auth === 'api-key' && route.method === 'POST' && route.path.includes('{'))
      .map((route) => `${route.method} ${route.path}`);

    expect(Object.keys(cases).sort()).toEqual(withParams.sort());
  });

  it.each(Object.entries(cases))('%s: replays on the same resource and body, is refused on another resource', async (route, spec) => {
    const template = route.split(' ')[1]!;
    const [first, other] = spec.ids();
    const body = spec.body?.(ws);
    const key = `per-resource-${newId('req')}`;
    const send = (ids: Record<string, string>, rawBody?: string) =>
      api('POST', pathOf(template, ids), {
        apiKey: ws.apiKey,
        headers: { 'idempotency-key': key, ...(rawBody ? { 'content-type': 'application/json' } : {}) },
        rawBody,
      });

    const answered = await send(first, body && JSON.stringify(body));
    const replayed = await send(first, body && respaced(body));
    const elsewhere = await send(other, body && JSON.stringify(body));

    expect(answered.status).toBe(404);
    expect(answered.headers.get('idempotent-replayed')).toBeNull();
    expect({ status: replayed.status, replayed: replayed.headers.get('idempotent-replayed'), body: replayed.body }).toEqual({
      status: 404,
      replayed: 'true',
      body: answered.body,
    });
    expect({ status: elsewhere.status, type: elsewhere.body.type }).toEqual({
      status: 422,
      type: '/problems/idempotency-key-reused',
    });
  });

  it("does not hand one webhook's new secret to another", async () => {
    const create = () =>
      api('POST', '/api/v1/webhooks', { apiKey: ws.apiKey, body: { url: receiver.url('/idem'), events: ['lead.replied'] } });
    const one = (await create()).body;
    const two = (await create()).body;
    const key = `rotate-${newId('req')}`;
    const rotate = (webhookId: unknown) =>
      api('POST', `/api/v1/webhooks/${String(webhookId)}/rotate-secret`, { apiKey: ws.apiKey, headers: { 'idempotency-key': key } });

    const rotatedOne = await rotate(one.webhookId);
    const onTwo = await rotate(two.webhookId);
    const twoAfter = await api('POST', `/api/v1/webhooks/${String(two.webhookId)}/rotate-secret`, { apiKey: ws.apiKey });

    expect(rotatedOne.status).toBe(200);
    expect(rotatedOne.body.secret).not.toEqual(one.secret);
    expect({ status: onTwo.status, type: onTwo.body.type }).toEqual({ status: 422, type: '/problems/idempotency-key-reused' });
    // Rotating two without the key works, and gives a secret of its own, not one's.
    expect(twoAfter.status).toBe(200);
    expect(twoAfter.body.secret).not.toEqual(rotatedOne.body.secret);
  });
});
