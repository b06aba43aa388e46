import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { getAccount } from '../../../lib/store/accounts';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, subscribeWebhook, testDb, testSqs } from '../../helpers/factories';
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * POST /api/v1/webhooks/unipile, through its deployed handler: the shared secret is checked before
 * anything else, and every authentic call is answered 200 so the provider does not retry it.
 */
const sqs = testSqs();
const db = testDb();
const path = '/api/v1/webhooks/unipile';
const secret = 'whsec-http-test-7f3a9c';
let actionsQueueUrl: string;
let webhook: HttpHandler;
let unconfigured: HttpHandler;

beforeAll(async () => {
  actionsQueueUrl = await createTestQueue(sqs, 'unipile-webhook');
  webhook = await loadHandler(() => import('../../../functions/http/receive-unipile-webhook'), {
    ACTIONS_QUEUE_URL: actionsQueueUrl,
    UNIPILE_WEBHOOK_SECRET: secret,
  });
  unconfigured = await loadHandler(() => import('../../../functions/http/receive-unipile-webhook'), {
    ACTIONS_QUEUE_URL: actionsQueueUrl,
    UNIPILE_WEBHOOK_SECRET: '',
  });
});

afterEach(async () => {
  expect(await drainQueue(sqs, actionsQueueUrl, 0)).toHaveLength(0);
});

const call = (handler: HttpHandler, headers: Record<string, string>, body?: unknown, rawBody?: string) =>
  handler(httpEvent({ method: 'POST', path, headers, body, rawBody }));
const newRelation = {
  event: 'new_relation',
  account_id: 'login-nobody-waits-for',
  user_public_identifier: 'jane-doe',
  user_provider_id: 'ACoAAB-jane',
};

function expectUnauthorized(result: LambdaHttpResult): void {
  expect(result.statusCode).toBe(401);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({
    type: '/problems/unauthorized',
    status: 401,
    detail: 'A valid x-webhook-secret header is required.',
  });
}

describe('POST /api/v1/webhooks/unipile', () => {
  describe('401 without the shared secret, before the body is read', () => {
    it.each([
      ['no secret', {}],
      ['an empty secret', { 'x-webhook-secret': '' }],
      ['a wrong secret of the same length', { 'x-webhook-secret': secret.replace(/.$/, 'x') }],
      ['a longer secret', { 'x-webhook-secret': `${secret}0` }],
      ['the secret in another header', { 'api-key': secret }],
    ])('%s', async (_what, headers) => {
      const result = await call(webhook, headers, newRelation);

      expectUnauthorized(result);
    });

    it('401, not 400, for malformed JSON without the secret', async () => {
      const result = await call(webhook, {}, undefined, '{"event": ');

      expectUnauthorized(result);
    });

    it('401, not 415 or 413, for another content type or an oversized body without the secret', async () => {
      const wrongType = await call(webhook, { 'content-type': 'text/plain', 'x-webhook-secret': 'nope' }, undefined, 'hello');
      const oversized = await call(webhook, {}, undefined, JSON.stringify({ event: 'x', pad: 'x'.repeat(70_000) }));

      expectUnauthorized(wrongType);
      expectUnauthorized(oversized);
    });

    it('401 for every call when no secret is configured, even one sending an empty secret', async () => {
      const result = await call(unconfigured, { 'x-webhook-secret': '' }, newRelation);

      expectUnauthorized(result);
    });
  });

  describe('with the secret', () => {
    const withSecret = { 'x-webhook-secret': secret };

    it('400 for malformed JSON', async () => {
      const result = await call(webhook, withSecret, undefined, '{"event": ');

      expect(result.statusCode).toBe(400);
      expect(result.headers['content-type']).toBe('application/problem+json');
      expect(bodyOf(result).type).toBe('/problems/malformed-json');
    });

    it('reads JSON without a content type, as Unipile sends it from a webhook created through its API', async () => {
      // "Webhook Content-Type" (developer.unipile.com/docs/webhooks-2): no JSON content type unless the caller adds one.
      const event = httpEvent({ method: 'POST', path, headers: withSecret, body: newRelation });
      delete event.headers['content-type'];

      const result = await webhook(event);

      expect(result.statusCode).toBe(200);
      expect(bodyOf(result)).toEqual({ received: true, handled: true, resumed: 0, leads: 0 });
    });

    it('reads JSON sent as text/plain too; a body that is not JSON is a 400, not a 415', async () => {
      const asText = await call(webhook, { ...withSecret, 'content-type': 'text/plain' }, undefined, JSON.stringify(newRelation));
      const notJson = await call(webhook, { ...withSecret, 'content-type': 'text/plain' }, undefined, 'event=new_relation');

      expect(asText.statusCode).toBe(200);
      expect(notJson.statusCode).toBe(400);
      expect(bodyOf(notJson).type).toBe('/problems/malformed-json');
    });

    it('415 for a charset other than UTF-8, whatever the type', async () => {
      const result = await call(
        webhook,
        { ...withSecret, 'content-type': 'text/plain; charset=latin1' },
        undefined,
        JSON.stringify(newRelation),
      );

      expect(result.statusCode).toBe(415);
      expect(bodyOf(result).type).toBe('/problems/unsupported-media-type');
    });

    it('400 naming event when it is missing or not text', async () => {
      const missing = await call(webhook, withSecret, { account_id: 'x' });
      const notText = await call(webhook, withSecret, { event: 7 });

      expect(missing.statusCode).toBe(400);
      expect(fieldErrorsOf(missing)).toEqual([{ path: 'event', message: 'is required' }]);
      expect(notText.statusCode).toBe(400);
      expect(fieldErrorsOf(notText).map((error) => error.path)).toEqual(['event']);
    });

    it('200 {handled: false} for an event it does not act on, with fields it does not know', async () => {
      const result = await call(webhook, withSecret, { event: 'account_status', account_id: 'x', status: 'OK', webhook_name: 'all' });

      expect(result.statusCode).toBe(200);
      expect(result.headers['content-type']).toBe('application/json');
      expect(bodyOf(result)).toEqual({ received: true, handled: false });
    });

    it('200 {handled: false} for a new_relation without the login it concerns', async () => {
      const { account_id: _login, ...withoutLogin } = newRelation;

      const result = await call(webhook, withSecret, withoutLogin);

      expect(result.statusCode).toBe(200);
      expect(bodyOf(result)).toEqual({ received: true, handled: false });
    });

    it.each([
      ['a public identifier', newRelation],
      [
        'only a profile URL',
        { event: 'new_relation', account_id: 'login-nobody-waits-for', user_profile_url: 'https://fr.linkedin.com/in/Jane-Doe/' },
      ],
      ['only a provider id', { event: 'new_relation', account_id: 'login-nobody-waits-for', user_provider_id: 'ACoAAB-jane' }],
    ])('200 {resumed: 0} for a new_relation, named by %s, that nobody waits for', async (_what, event) => {
      const result = await call(webhook, withSecret, event);

      expect(result.statusCode).toBe(200);
      expect(bodyOf(result)).toEqual({ received: true, handled: true, resumed: 0, leads: 0 });
    });

    it("200 {leads: 0} for a message from someone who is nobody's lead, and for one without a sender", async () => {
      const message = {
        event: 'message_received',
        account_id: 'login-nobody-waits-for',
        message_id: 'm1',
        message: 'hi',
        sender: { attendee_provider_id: 'ACoAAB-stranger' },
      };
      const { sender: _sender, ...withoutSender } = message;

      expect(bodyOf(await call(webhook, withSecret, message))).toEqual({ received: true, handled: true, leads: 0 });
      expect(bodyOf(await call(webhook, withSecret, withoutSender))).toEqual({ received: true, handled: true, leads: 0 });
    });

    it("marks the accounts of a login disconnected on Unipile's account status, and connected again on OK, telling the workspace once each", async () => {
      const ws = await createTestWorkspace(db, { accounts: 2 });
      const webhookId = await subscribeWebhook(db, ws.workspaceId, ['account.disconnected', 'account.reconnected']);
      const login = ws.accounts[0]!.providerAccountId;
      const status = (message: string) => ({ AccountStatus: { account_id: login, account_type: 'LINKEDIN', message } });

      const disconnected = bodyOf(await call(webhook, withSecret, status('CREDENTIALS')));
      const again = bodyOf(await call(webhook, withSecret, status('CREDENTIALS')));
      const stored = await getAccount(db, ws.workspaceId, ws.accounts[0]!.accountId);
      const other = await getAccount(db, ws.workspaceId, ws.accounts[1]!.accountId);
      const connecting = bodyOf(await call(webhook, withSecret, status('CONNECTING')));
      const ok = bodyOf(await call(webhook, withSecret, status('OK')));

      expect(disconnected).toEqual({ received: true, handled: true, accounts: 1 });
      expect(again).toEqual({ received: true, handled: true, accounts: 0 });
      expect(stored?.disconnectedAt).toEqual(expect.any(String));
      expect(other?.disconnectedAt).toBeUndefined();
      expect(connecting).toEqual({ received: true, handled: false });
      expect(ok).toEqual({ received: true, handled: true, accounts: 1 });
      expect((await getAccount(db, ws.workspaceId, ws.accounts[0]!.accountId))?.disconnectedAt).toBeUndefined();
      const events = (await listDeliveries(db, ws.workspaceId, webhookId, 10)).items.map((delivery) => delivery.event);
      expect(events.map((event) => event.type).sort()).toEqual(['account.disconnected', 'account.reconnected']);
      expect(events.find((event) => event.type === 'account.disconnected')?.data).toMatchObject({
        account: { accountId: ws.accounts[0]!.accountId },
        providerAccountId: login,
        cause: 'provider_status',
      });
    });
  });
});
