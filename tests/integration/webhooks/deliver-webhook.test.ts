import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LookupFunction } from 'node:net';
import { newId } from '../../../lib/ids';
import { accepted } from '../../../lib/http/http-result';
import type { DeliverWebhookMessage } from '../../../lib/queue/messages';
import { getDelivery, listDeliveries } from '../../../lib/store/webhook-deliveries';
import type { WebhookEndpoint } from '../../../lib/store/webhooks';
import { createWebhook, getWebhook, updateWebhook } from '../../../lib/store/webhooks';
import { deliverWebhook } from '../../../lib/webhooks/deliver-webhook';
import type { DeliverWebhookDeps } from '../../../lib/webhooks/deliver-webhook';
import { resendDelivery } from '../../../lib/webhooks/delivery-history';
import { commitWithEvents, emitEvent, prepareEvent } from '../../../lib/webhooks/emit-event';
import { newSigningSecret } from '../../../lib/webhooks/signature';
import { sweepDueDeliveries } from '../../../lib/webhooks/sweep-deliveries';
import { createTestQueue, createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import { WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * The delivery worker, the sweep and event emission against DynamoDB Local and fauxqs with the real
 * SDK clients, delivering to a real local receiver: one attempt per claim, the retry message,
 * endpoints gone or disabled, the address guard at delivery time, lost messages, and an event
 * written only with its change.
 */
const db = testDb();
const sqs = testSqs();
let receiver: WebhookReceiver;
let queueUrl: string;
let deps: DeliverWebhookDeps;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  queueUrl = await createTestQueue(sqs, 'webhooks');
  deps = {
    db,
    sqs,
    webhooksQueueUrl: queueUrl,
    timeoutMs: 1000,
    schedule: { initialSeconds: 1, maxDelaySeconds: 2, retryForSeconds: 4 },
    disableAfterSeconds: 3600,
    allowLoopback: true,
    random: () => 0.5,
  };
});
afterAll(() => receiver.stop());

async function endpoint(path: string, overrides: Partial<WebhookEndpoint> = {}): Promise<WebhookEndpoint> {
  const { workspaceId } = await createTestWorkspace(db, { accounts: 0 });
  const at = new Date().toISOString();
  const created: WebhookEndpoint = {
    workspaceId,
    webhookId: newId('wh'),
    url: receiver.url(path),
    events: ['job.succeeded'],
    status: 'enabled',
    secret: newSigningSecret(),
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  await createWebhook(db, created);
  return created;
}

/** A ping to the endpoint, announced on the test queue; returns the worker's message. */
async function ping(target: WebhookEndpoint): Promise<DeliverWebhookMessage> {
  const sent = await emitEvent(
    { db, sqs, webhooksQueueUrl: queueUrl },
    target.workspaceId,
    'ping',
    { webhookId: target.webhookId, message: 'ping 1' },
    new Date(),
    { to: [target] },
  );
  const [message] = await drainQueue(sqs, queueUrl);
  expect(message?.json).toEqual({ v: 1, ...sent!.deliveries[0] });
  return message!.json as DeliverWebhookMessage;
}

describe('deliverWebhook', () => {
  it('delivers once however often its message comes: a duplicate finds the attempt claimed or done', async () => {
    const target = await endpoint('/once');
    const message = await ping(target);

    await Promise.all([deliverWebhook(deps, message), deliverWebhook(deps, message), deliverWebhook(deps, message)]);

    expect(receiver.at('/once')).toHaveLength(1);
    expect(await getDelivery(db, message)).toMatchObject({
      status: 'succeeded',
      attemptCount: 1,
      attempts: [{ ok: true, statusCode: 200 }],
    });
  });

  it('schedules the retry of a failed attempt as a delayed message, and ends failed when the retry window is over', async () => {
    receiver.answer('/fails', 502);
    const target = await endpoint('/fails');
    const message = await ping(target);

    await deliverWebhook(deps, message);
    const retrying = await getDelivery(db, message);
    const [retry] = await drainQueue(sqs, queueUrl, 3);
    expect(retrying).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      attempts: [{ ok: false, statusCode: 502, error: 'http_status' }],
    });
    expect(retry?.json).toEqual(message);
    expect((await getWebhook(db, target.workspaceId, target.webhookId))!.failingSince).toEqual(expect.any(String));

    // Past the 4 s window: the next failure is the last.
    await deliverWebhook(deps, message, new Date(Date.now() + 5000));
    expect(await getDelivery(db, message)).toMatchObject({ status: 'failed', failureReason: 'retries_exhausted', attemptCount: 2 });
  });

  it('re-delays a message that comes before its attempt is due, without attempting', async () => {
    receiver.answer('/early', 500);
    const target = await endpoint('/early');
    const message = await ping(target);
    const slow = { ...deps, schedule: { ...deps.schedule, initialSeconds: 3 } };
    await deliverWebhook(slow, message); // fails: the retry is due in about 3 s, its message delayed as long

    // The same message again at once (SQS is at least once): it is delayed again, not attempted.
    await deliverWebhook(slow, message);

    expect(receiver.at('/early')).toHaveLength(1);
    // Each message becomes visible when its own delay ends (the second one's a little later): read until both came.
    const received: unknown[] = [];
    for (const deadline = Date.now() + 8000; received.length < 2 && Date.now() < deadline;) {
      received.push(...(await drainQueue(sqs, queueUrl, 1)).map((message) => message.json));
    }
    expect(received).toEqual([message, message]);
  });

  it('ends a delivery to a deleted or disabled endpoint failed, without a request', async () => {
    const disabled = await endpoint('/disabled');
    const message = await ping(disabled);
    await createWebhook(db, { ...disabled, webhookId: newId('wh') }); // another, still enabled
    await db.client.send(
      new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
        TableName: db.table,
        Key: { pk: `WS#${disabled.workspaceId}`, sk: `WEBHOOK#${disabled.webhookId}` },
        UpdateExpression: 'SET #s = :d',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'disabled' },
      }),
    );

    await deliverWebhook(deps, message);

    expect(receiver.at('/disabled')).toHaveLength(0);
    expect(await getDelivery(db, message)).toMatchObject({ status: 'failed', failureReason: 'endpoint_disabled', attemptCount: 0 });
  });

  it('refuses, at delivery time, a name that now resolves to a private address (DNS rebinding)', async () => {
    const target = await endpoint('/rebind', { url: 'https://hooks.customer.example/rebind' });
    const message = await ping(target);
    const rebound: LookupFunction = (_host, options, callback) => {
      const all = typeof options === 'object' && options.all;
      if (all)
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: '10.0.0.7', family: 4 },
        ]);
      else callback(null, '10.0.0.7', 4);
    };

    await deliverWebhook({ ...deps, allowLoopback: false, lookup: rebound }, message);

    expect(await getDelivery(db, message)).toMatchObject({ status: 'pending', attempts: [{ ok: false, error: 'blocked_address' }] });
  });

  it('writes nothing to an endpoint already failing, not yet for long, when another attempt fails', async () => {
    receiver.answer('/still-failing', 500);
    const failingSince = new Date(Date.now() - 60_000).toISOString();
    const target = await endpoint('/still-failing', { failingSince });
    const message = await ping(target);
    const send = jest.spyOn(db.client, 'send');

    try {
      await deliverWebhook(deps, message);
      const endpointWrites = send.mock.calls.filter(
        ([command]) =>
          !(command instanceof GetCommand) && (command.input as { Key?: { sk?: string } }).Key?.sk === `WEBHOOK#${target.webhookId}`,
      );
      expect(send).toHaveBeenCalled();
      expect(endpointWrites).toHaveLength(0);
    } finally {
      send.mockRestore();
    }
    expect(receiver.at('/still-failing')).toHaveLength(1);
    expect(await getDelivery(db, message)).toMatchObject({ status: 'pending', attempts: [{ ok: false, statusCode: 500 }] });
    expect(await getWebhook(db, target.workspaceId, target.webhookId)).toMatchObject({ status: 'enabled', failingSince });
    await drainQueue(sqs, queueUrl, 3);
  });

  it('disables an endpoint failing for longer than allowed, and tells the workspace’s other endpoints', async () => {
    receiver.answer('/dying', 500);
    const dying = await endpoint('/dying', { failingSince: new Date(Date.now() - 7200_000).toISOString() });
    const watcher: WebhookEndpoint = {
      ...dying,
      webhookId: newId('wh'),
      url: receiver.url('/watcher'),
      events: ['webhook.disabled'],
      failingSince: undefined,
    };
    await createWebhook(db, watcher);
    const message = await ping(dying);

    await deliverWebhook(deps, message);

    expect(await getWebhook(db, dying.workspaceId, dying.webhookId)).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    // Disabled by request afterwards, it keeps why it was disabled.
    const disabledAt = (await getWebhook(db, dying.workspaceId, dying.webhookId))!.disabledAt;
    expect(await updateWebhook(db, dying.workspaceId, dying.webhookId, { status: 'disabled' }, new Date())).toMatchObject({
      disabledReason: 'failing',
      disabledAt,
    });
    const [told] = (await listDeliveries(db, watcher.workspaceId, watcher.webhookId, 10)).items;
    expect(told?.event).toMatchObject({ type: 'webhook.disabled', data: { webhookId: dying.webhookId, reason: 'failing' } });
    expect(
      (await listDeliveries(db, dying.workspaceId, dying.webhookId, 10)).items.filter(
        (delivery) => delivery.event.type === 'webhook.disabled',
      ),
    ).toHaveLength(0);
    await drainQueue(sqs, queueUrl, 1);
  });
});

describe('events and the sweep', () => {
  it('writes an event only with its change: a change refused by its condition emits nothing', async () => {
    const target = await endpoint('/atomic');
    const at = new Date().toISOString();
    const counts = { total: 1, succeeded: 1, failed: 0, rejected: 0, expired: 0, cancelled: 0 };
    const data = {
      jobId: 'job_x',
      type: 'like',
      status: 'succeeded',
      counts,
      createdAt: at,
      finishedAt: at,
      links: { job: '/api/v1/jobs/job_x' },
    } as const;
    const event = await prepareEvent(db, target.workspaceId, 'job.succeeded', data, new Date());
    const refused = {
      ConditionCheck: {
        TableName: db.table,
        Key: { pk: `WS#${target.workspaceId}`, sk: 'NOTHING' },
        ConditionExpression: 'attribute_exists(pk)',
      },
    };

    expect(event.deliveries).toHaveLength(1);
    expect(await commitWithEvents({ db, sqs, webhooksQueueUrl: queueUrl }, [refused], [event])).toBe(false);
    expect((await listDeliveries(db, target.workspaceId, target.webhookId, 10)).items).toHaveLength(0);
    expect(
      (await drainQueue(sqs, queueUrl, 1)).filter((message) => (message.json as DeliverWebhookMessage).webhookId === target.webhookId),
    ).toHaveLength(0);
  });

  it('sends again a due delivery whose message was lost, once, and a dedupe key emits an event once', async () => {
    const target = await endpoint('/lost');
    const once = { to: [target], dedupeKey: `message-${target.webhookId}` };
    // No queue: the announcement is "lost".
    const first = await emitEvent({ db }, target.workspaceId, 'ping', { webhookId: target.webhookId, message: 'once' }, new Date(), once);
    const second = await emitEvent({ db }, target.workspaceId, 'ping', { webhookId: target.webhookId, message: 'once' }, new Date(), once);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();

    const swept = await sweepDueDeliveries({ db, sqs, webhooksQueueUrl: queueUrl, graceSeconds: 0 }, new Date(Date.now() + 1000));
    const sweptAgain = await sweepDueDeliveries({ db, sqs, webhooksQueueUrl: queueUrl, graceSeconds: 0 }, new Date(Date.now() + 2000));
    const messages = (await drainQueue(sqs, queueUrl, 2)).map((message) => message.json as DeliverWebhookMessage);

    expect(swept.sent).toBeGreaterThanOrEqual(1);
    expect(sweptAgain.sent).toBe(0);
    const mine = messages.filter((message) => message.webhookId === target.webhookId);
    expect(mine).toEqual([{ v: 1, ...first!.deliveries[0] }]);
    await deliverWebhook(deps, mine[0]!);
    expect(receiver.at('/lost')).toHaveLength(1);
  });
});

describe('resendDelivery', () => {
  const eventDeps = () => ({ db, sqs, webhooksQueueUrl: queueUrl });
  const unknownDelivery = () => newId('dlv');

  it('starts a failed delivery again in one write: pending, a new round, announced; not failed is a 409 naming its status, none a 404', async () => {
    receiver.answer('/resend', 500);
    const target = await endpoint('/resend');
    const message = await ping(target);
    await deliverWebhook({ ...deps, schedule: { ...deps.schedule, retryForSeconds: 0 } }, message);
    expect(await getDelivery(db, message)).toMatchObject({ status: 'failed', failureReason: 'retries_exhausted', attemptCount: 1 });

    // Answered as its endpoint answers it (functions/http/resend-webhook-delivery.ts).
    const resent = accepted(await resendDelivery(eventDeps(), target.workspaceId, target.webhookId, message.deliveryId, new Date()));

    expect(resent).toMatchObject({
      status: 202,
      body: { deliveryId: message.deliveryId, status: 'pending', attemptCount: 1, nextAttemptAt: expect.any(String) },
    });
    expect((resent.body as Record<string, unknown>).failureReason).toBeUndefined();
    expect(await getDelivery(db, message)).toMatchObject({ status: 'pending', roundAttempts: 0, attemptCount: 1 });
    const announced = (await drainQueue(sqs, queueUrl, 1)).map((received) => received.json as DeliverWebhookMessage);
    expect(announced.filter((received) => received.webhookId === target.webhookId)).toEqual([message]);

    await expect(resendDelivery(eventDeps(), target.workspaceId, target.webhookId, message.deliveryId, new Date())).rejects.toMatchObject({
      status: 409,
      slug: 'delivery-not-failed',
      message: expect.stringContaining('This delivery is pending'),
    });
    await expect(resendDelivery(eventDeps(), target.workspaceId, target.webhookId, unknownDelivery(), new Date())).rejects.toMatchObject({
      status: 404,
    });
    expect(
      (await drainQueue(sqs, queueUrl, 1)).filter((received) => (received.json as DeliverWebhookMessage).webhookId === target.webhookId),
    ).toHaveLength(0);
  });

  it('refuses on a disabled endpoint with a 409, and still a 404 for a delivery it does not have', async () => {
    const target = await endpoint('/resend-disabled');
    const message = await ping(target);
    await updateWebhook(db, target.workspaceId, target.webhookId, { status: 'disabled' }, new Date());

    await expect(resendDelivery(eventDeps(), target.workspaceId, target.webhookId, message.deliveryId, new Date())).rejects.toMatchObject({
      status: 409,
      slug: 'webhook-disabled',
    });
    await expect(resendDelivery(eventDeps(), target.workspaceId, target.webhookId, unknownDelivery(), new Date())).rejects.toMatchObject({
      status: 404,
    });
    expect(await getDelivery(db, message)).toMatchObject({ status: 'pending' });
  });
});
