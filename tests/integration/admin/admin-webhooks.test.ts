import { getWebhook } from '../../../lib/store/webhooks';
import { admin } from '../../helpers/admin-cli';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, testDb } from '../../helpers/factories';

/** `npm run admin -- webhook …`: the HTTP API's webhook endpoints, from the command line. */
const db = testDb();
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
// The CLI runs as the local stack (STAGE=local): http://localhost receivers are allowed, as there.
const receiver = 'http://localhost:9/hooks';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 0, groups: {} });
});

async function createWebhook(...extra: string[]): Promise<Record<string, unknown>> {
  const created = await admin('webhook', 'create', '--workspace', ws.workspaceId, '--url', receiver, '--event', 'job.succeeded', ...extra);
  expect(created.code).toBe(0);
  return json(created.stdout);
}

describe('admin CLI, webhooks', () => {
  it('create prints the endpoint with its whsec_ secret once, and stores it with its events', async () => {
    const created = await admin(
      'webhook',
      'create',
      '--workspace',
      ws.workspaceId,
      '--url',
      receiver,
      '--event',
      'job.succeeded',
      '--event',
      'lead.replied',
      '--event',
      'job.succeeded',
      '--description',
      ' CRM sync ',
    );

    expect(created.code).toBe(0);
    const body = json(created.stdout);
    expect(body).toMatchObject({ url: receiver, events: ['job.succeeded', 'lead.replied'], description: 'CRM sync', status: 'enabled' });
    expect(body.secret).toMatch(/^whsec_/);
    expect(created.stderr).toMatch(/shown once/);
    const stored = await getWebhook(db, ws.workspaceId, body.webhookId as string);
    expect(stored).toMatchObject({ url: receiver, events: ['job.succeeded', 'lead.replied'], secret: body.secret, status: 'enabled' });
  }, 30_000);

  it.each([
    [['--url', 'https://169.254.169.254/', '--event', 'job.succeeded'], /^ {2}url: .*169\.254\.169\.254.*public addresses/m],
    [['--url', 'http://example.com/', '--event', 'job.succeeded'], /^ {2}url: The webhook URL must use https\./m],
    [['--url', 'https://user:pw@example.com/', '--event', 'job.succeeded'], /^ {2}url: .*user name or password/m],
    [['--url', receiver, '--event', 'job.bogus'], /^ {2}events\.0: must be one of job\.succeeded, /m],
    [['--url', receiver], /^ {2}events: is required$/m],
  ])(
    'create refuses bad input the way the API does, naming the field, exit 1: %j',
    async (args, line) => {
      const result = await admin('webhook', 'create', '--workspace', ws.workspaceId, ...args);

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: /m);
      expect(result.stderr).toMatch(line);
      expect(result.stdout).toBe('');
    },
    30_000,
  );

  it('list and get never print the secret', async () => {
    const created = await createWebhook();

    const list = await admin('webhook', 'list', '--workspace', ws.workspaceId);
    const get = await admin('webhook', 'get', '--workspace', ws.workspaceId, created.webhookId as string);

    expect(list.code).toBe(0);
    expect(get.code).toBe(0);
    const items = json(list.stdout).items as Array<Record<string, unknown>>;
    expect(items.map((item) => item.webhookId)).toContain(created.webhookId);
    expect(json(get.stdout)).toMatchObject({ webhookId: created.webhookId, url: receiver, events: ['job.succeeded'] });
    for (const output of [list.stdout, get.stdout]) {
      expect(output).not.toContain(created.secret as string);
      expect(output).not.toContain('whsec_');
      expect(output).not.toMatch(/"secret"/);
    }
  }, 30_000);

  it('update --disable then --enable, and changes events and description', async () => {
    const { webhookId } = await createWebhook('--description', 'first');
    const id = webhookId as string;

    const disabled = await admin('webhook', 'update', '--workspace', ws.workspaceId, id, '--disable');
    const refusedPing = await admin('webhook', 'test', '--workspace', ws.workspaceId, id);
    const enabled = await admin(
      'webhook',
      'update',
      '--workspace',
      ws.workspaceId,
      id,
      '--enable',
      '--event',
      'dm.sent',
      '--description',
      '',
    );
    const both = await admin('webhook', 'update', '--workspace', ws.workspaceId, id, '--enable', '--disable');
    const nothing = await admin('webhook', 'update', '--workspace', ws.workspaceId, id);

    expect(disabled.code).toBe(0);
    expect(json(disabled.stdout)).toMatchObject({ status: 'disabled', disabledReason: 'by_request' });
    expect(refusedPing.code).toBe(1);
    expect(refusedPing.stderr).toMatch(/error: This webhook is disabled/);
    expect(enabled.code).toBe(0);
    expect(json(enabled.stdout)).toMatchObject({ status: 'enabled', events: ['dm.sent'] });
    expect(json(enabled.stdout)).not.toHaveProperty('disabledReason');
    expect(json(enabled.stdout).description).toBeUndefined();
    expect(await getWebhook(db, ws.workspaceId, id)).toMatchObject({ status: 'enabled', events: ['dm.sent'] });
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/--enable or --disable, not both/);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/must change at least one of url, events, description, enabled/);
  }, 60_000);

  it('rotate-secret prints a new secret, different from the first', async () => {
    const created = await createWebhook();

    const rotated = await admin('webhook', 'rotate-secret', '--workspace', ws.workspaceId, created.webhookId as string);

    expect(rotated.code).toBe(0);
    const body = json(rotated.stdout);
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(created.secret);
    expect(body.previousSecretValidUntil).toEqual(expect.any(String));
    expect((await getWebhook(db, ws.workspaceId, created.webhookId as string))?.secret).toBe(body.secret);
  }, 30_000);

  it('test queues a ping delivery that deliveries lists; a pending delivery cannot be re-sent', async () => {
    const { webhookId } = await createWebhook();
    const id = webhookId as string;

    const ping = await admin('webhook', 'test', '--workspace', ws.workspaceId, id);
    const deliveries = await admin('webhook', 'deliveries', '--workspace', ws.workspaceId, id, '--limit', '5');

    expect(ping.code).toBe(0);
    expect(ping.stderr).toMatch(/queued; the running stack sends it within a minute/);
    const sent = json(ping.stdout);
    expect(sent).toMatchObject({ deliveryId: expect.stringMatching(/^dlv_/), status: 'pending' });
    expect(deliveries.code).toBe(0);
    const items = json(deliveries.stdout).items as Array<Record<string, unknown>>;
    // Pending still, even if the stack's sweep already tried (nothing listens on port 9; it retries later).
    expect(items).toEqual([expect.objectContaining({ deliveryId: sent.deliveryId, eventType: 'ping', status: 'pending' })]);

    const resend = await admin('webhook', 'resend', '--workspace', ws.workspaceId, id, sent.deliveryId as string);
    const badLimit = await admin('webhook', 'deliveries', '--workspace', ws.workspaceId, id, '--limit', '0');
    expect(resend.code).toBe(1);
    expect(resend.stderr).toMatch(/error: This delivery is pending; only a failed delivery can be re-sent/);
    expect(badLimit.code).toBe(1);
    expect(badLimit.stderr).toMatch(/^ {2}query\.limit: must be a whole number from 1 to 100$/m);
  }, 60_000);

  it('delete removes it: get then fails', async () => {
    const { webhookId } = await createWebhook();
    const id = webhookId as string;

    const deleted = await admin('webhook', 'delete', '--workspace', ws.workspaceId, id);
    const get = await admin('webhook', 'get', '--workspace', ws.workspaceId, id);
    const again = await admin('webhook', 'delete', '--workspace', ws.workspaceId, id);

    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toMatch(`deleted ${id}`);
    expect(await getWebhook(db, ws.workspaceId, id)).toBeUndefined();
    expect(get.code).toBe(1);
    expect(get.stderr).toMatch(`error: No webhook "${id}" in this workspace.`);
    expect(again.code).toBe(1);
  }, 30_000);

  it.each([
    [['webhook', 'list', '--workspace', 'no-such-workspace'], /workspace "no-such-workspace" does not exist/],
    [['webhook', 'list'], /missing --workspace ID/],
    [['webhook', 'get', '--workspace', 'no-such-workspace', 'wh_x'], /workspace "no-such-workspace" does not exist/],
    [['webhook', 'frobnicate', '--workspace', 'x'], /unknown command "webhook frobnicate"/],
  ])(
    'explains what is wrong and exits 1: %j',
    async (args, message) => {
      const result = await admin(...args);

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    },
    30_000,
  );

  it('lists the webhook commands in its help', async () => {
    const result = await admin('--help');

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('webhook create --workspace ID --url URL --event TYPE');
    expect(result.stdout).toContain('webhook resend --workspace ID <webhookId> <deliveryId>');
  });
});
