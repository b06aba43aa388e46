import { functionNamed } from '../../../deploy/functions';
import type { DefinedRoute } from '../../../lib/routes/all-routes';
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import { getWebhook } from '../../../lib/store/webhooks';
import type { FaultProxy, FaultRule } from '../../helpers/fault-proxy';
import { startFaultProxy, throughProxy } from '../../helpers/fault-proxy';
import type { TestWorkspace } from '../../helpers/factories';
import {
  createTestQueue,
  createTestWorkspace,
  drainQueue,
  httpEvent,
  samplePostUrl,
  testDb,
  testSqs,
  workspaceItems,
} from '../../helpers/factories';
import { bodyOf, loadHandler } from '../http/load-handler';

/**
 * DynamoDB, SQS and S3 failing under the API: the deployed handlers (functions/http) run with
 * their real SDK clients pointed at a fault proxy in front of the emulators, which answers chosen
 * calls as AWS does when it throttles, fails or hangs. The SDK retries first (3 attempts); then
 * the caller gets a 503 problem with Retry-After, nothing is left half-written, the
 * Idempotency-Key is free again, and the same request succeeds once the fault clears.
 */
const db = testDb();
const sqs = testSqs();
let dynamo: FaultProxy;
let sqsProxy: FaultProxy;
let s3Proxy: FaultProxy;
const queues: Record<'jobs' | 'transcripts' | 'webhooks' | 'actions', string> = { jobs: '', transcripts: '', webhooks: '', actions: '' };
let env: Record<string, string>;
let ws: TestWorkspace;

beforeAll(async () => {
  dynamo = await startFaultProxy('dynamodb', process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  sqsProxy = await startFaultProxy('sqs', process.env.AWS_ENDPOINT_URL_SQS!);
  s3Proxy = await startFaultProxy('s3', process.env.AWS_ENDPOINT_URL_S3!);
  for (const name of Object.keys(queues) as Array<keyof typeof queues>) queues[name] = await createTestQueue(sqs, `faults-${name}`);
  env = {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_SQS: sqsProxy.url,
    AWS_ENDPOINT_URL_S3: s3Proxy.url,
    JOBS_QUEUE_URL: throughProxy(queues.jobs, sqsProxy),
    TRANSCRIPTS_QUEUE_URL: throughProxy(queues.transcripts, sqsProxy),
    WEBHOOKS_QUEUE_URL: throughProxy(queues.webhooks, sqsProxy),
    ACTIONS_QUEUE_URL: throughProxy(queues.actions, sqsProxy),
    RATE_LIMIT_PER_MINUTE: '0',
    STAGE: 'local',
    WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  };
  ws = await createTestWorkspace(db, { accounts: 2 });
  // The SDK reads AWS_ENDPOINT_URL_* when a client makes its first call, not when it is built: the
  // endpoints stay pointed at the proxies for the whole file (the test's own clients called the
  // emulators above, and keep them).
  for (const name of endpointVariables) saved[name] = process.env[name];
  Object.assign(process.env, pick(env, endpointVariables));
});
const endpointVariables = ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_SQS', 'AWS_ENDPOINT_URL_S3'];
const saved: Record<string, string | undefined> = {};
const pick = (from: Record<string, string>, names: string[]) => Object.fromEntries(names.map((name) => [name, from[name]]));
afterEach(async () => {
  dynamo.clear();
  sqsProxy.clear();
  s3Proxy.clear();
  await Promise.all(Object.values(queues).map((url) => drainQueue(sqs, url, 0)));
});
afterAll(async () => {
  Object.assign(process.env, saved);
  await Promise.all([dynamo.close(), sqsProxy.close(), s3Proxy.close()]);
});

const handlers = new Map<string, HttpHandler>();
/** A handler of functions/http as Lambda loads it, its clients pointed at the proxies (one cold start per handler). */
async function handler(name: DefinedRoute['name']): Promise<HttpHandler> {
  if (!handlers.has(name))
    handlers.set(name, await loadHandler(() => import(`../../../${functionNamed(name).entry.replace(/\.ts$/, '')}`), env));
  return handlers.get(name)!;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}, pathParameters?: Record<string, string>) {
  return httpEvent({ method: 'POST', path, headers: { 'api-key': ws.apiKey, ...headers }, body, pathParameters });
}

function expectUnavailable(result: LambdaHttpResult): void {
  expect(result.statusCode).toBe(503);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(Number(result.headers['retry-after'])).toBeGreaterThan(0);
  expect(bodyOf(result)).toMatchObject({ type: '/problems/service-unavailable', status: 503 });
}

/**
 * Runs `call` with `rules` in force and the faults cleared after; returns its answer, how long it
 * took and how many requests the proxy answered with a fault (the SDK's attempts).
 */
async function withFaults(
  proxy: FaultProxy,
  rules: FaultRule[],
  call: () => Promise<LambdaHttpResult>,
): Promise<{ result: LambdaHttpResult; ms: number; faulted: number }> {
  for (const rule of rules) proxy.fail(rule);
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  const faulted = proxy.faulted();
  proxy.clear();
  return { result, ms, faulted };
}

interface OutreachCase {
  name: DefinedRoute['name'];
  path: string;
  body: () => Record<string, unknown>;
}

const prospect = 'https://www.linkedin.com/in/prospect-faults';
const outreach: OutreachCase[] = [
  { name: 'like', path: '/api/v1/social-selling/like', body: () => ({ url: samplePostUrl, groups: ['sales'], reactionType: 'like' }) },
  {
    name: 'requestComment',
    path: '/api/v1/social-selling/request-comment',
    body: () => ({ url: samplePostUrl, comment: 'Well put.', commentor: ws.accounts[0]!.profileUrl }),
  },
  {
    name: 'connect',
    path: '/api/v1/social-selling/connect',
    body: () => ({ target: prospect, user: ws.accounts[0]!.profileUrl, message: 'Hi Jane.' }),
  },
  {
    name: 'dm',
    path: '/api/v1/social-selling/dm',
    body: () => ({ target: prospect, user: ws.accounts[0]!.profileUrl, message: 'Hello Jane.', get_approved: false }),
  },
];

/** Jobs of the test workspace that are not yet final, i.e. that something must still run. */
async function liveJobs(): Promise<Array<Record<string, unknown>>> {
  return (await workspaceItems(db, ws.workspaceId, 'JOB#')).filter(
    (item) => !String(item.sk).includes('#ACTION#') && item.status === 'queued',
  );
}

/** Removes the workspace's queued jobs: each test counts the jobs it leaves. */
async function forgetQueuedJobs(): Promise<void> {
  for (const job of await liveJobs()) await db.client.send(new DeleteCommand({ TableName: db.table, Key: { pk: job.pk, sk: job.sk } }));
}

/** After a fault: nothing queued in the table, nothing on the queue; then the same request (same key) is accepted once. */
async function expectCleanThenRetryWorks(endpoint: OutreachCase, key: string): Promise<void> {
  expect(await liveJobs()).toEqual([]);
  expect(await drainQueue(sqs, queues.jobs, 0)).toEqual([]);

  const retried = await (await handler(endpoint.name))(post(endpoint.path, endpoint.body(), { 'idempotency-key': key }));
  expect(retried.statusCode).toBe(202);
  const jobs = await liveJobs();
  expect(jobs.map((job) => job.jobId)).toEqual([bodyOf(retried).jobId]);
  expect((await drainQueue(sqs, queues.jobs)).map((message) => message.json)).toEqual([
    { v: 1, workspaceId: ws.workspaceId, jobId: bodyOf(retried).jobId },
  ]);
  await forgetQueuedJobs();
}

describe.each(outreach)('POST $path (submit a job)', (endpoint) => {
  it('answers 503 with Retry-After after the SDK retried a throttled enqueue, removes the job, and a retry with the same key works', async () => {
    const key = randomUUID();
    const call = await handler(endpoint.name);

    const { result, ms, faulted } = await withFaults(sqsProxy, [{ operation: 'SendMessage', fault: 'throttle' }], () =>
      call(post(endpoint.path, endpoint.body(), { 'idempotency-key': key })),
    );

    expectUnavailable(result);
    expect(faulted).toBe(3); // the SDK's own retries came first
    expect(ms).toBeLessThan(8_000);
    await expectCleanThenRetryWorks(endpoint, key);
  });
});

describe('POST /social-selling/like at each of its write steps', () => {
  const like = outreach[0]!;
  const send = async (key: string) => (await handler('like'))(post(like.path, like.body(), { 'idempotency-key': key }));

  it.each<[string, () => FaultProxy, FaultRule]>([
    ['the idempotency record is throttled', () => dynamo, { operation: 'PutItem', bodyIncludes: '"IDEMPOTENCY#', fault: 'throttle' }],
    [
      'the job write exceeds the provisioned throughput',
      () => dynamo,
      { operation: 'PutItem', bodyIncludes: '"JOB#', fault: 'provisioned-throughput' },
    ],
    ['the job write fails (DynamoDB 500)', () => dynamo, { operation: 'PutItem', bodyIncludes: '"JOB#', fault: 'unavailable' }],
    ['the enqueue fails (SQS 500)', () => sqsProxy, { operation: 'SendMessage', fault: 'unavailable' }],
  ])('%s: 503 after three attempts, nothing left, the key free again', async (_name, proxyOf, rule) => {
    const key = randomUUID();
    const { result, ms, faulted } = await withFaults(proxyOf(), [rule], () => send(key));

    expectUnavailable(result);
    expect(faulted).toBe(3); // the SDK's own retries came first
    expect(ms).toBeLessThan(8_000);
    await expectCleanThenRetryWorks(like, key);
  });

  it('ends the job failed (enqueue_failed) when the enqueue fails and removing the job fails too', async () => {
    const key = randomUUID();
    dynamo.fail({ operation: 'DeleteItem', bodyIncludes: '"JOB#', fault: 'throttle' });
    const { result } = await withFaults(sqsProxy, [{ operation: 'SendMessage', fault: 'throttle' }], () => send(key));
    dynamo.clear();

    expectUnavailable(result);
    const jobs = (await workspaceItems(db, ws.workspaceId, 'JOB#')).filter((job) => job.failureReason === 'enqueue_failed');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'failed' });
    await expectCleanThenRetryWorks(like, key);
  });

  it('keeps one job when the answer to its write is lost and the SDK retries the write', async () => {
    const key = randomUUID();
    const { result, faulted } = await withFaults(
      dynamo,
      [{ operation: 'PutItem', bodyIncludes: '"JOB#', fault: 'answer-lost', times: 1 }],
      () => send(key),
    );

    expect(faulted).toBe(1); // the write's answer was lost once, and the SDK wrote again
    expect(result.statusCode).toBe(202);
    expect((await liveJobs()).map((job) => job.jobId)).toEqual([bodyOf(result).jobId]);
    expect(await drainQueue(sqs, queues.jobs)).toHaveLength(1);
    await forgetQueuedJobs();
  });

  it('answers the accepted job when only storing the idempotent response fails (the work was done)', async () => {
    const key = randomUUID();
    const { result, faulted } = await withFaults(
      dynamo,
      [{ operation: 'UpdateItem', bodyIncludes: '"IDEMPOTENCY#', fault: 'throttle' }],
      () => send(key),
    );

    expect(faulted).toBe(3); // storing the response was tried, and failed every attempt
    expect(result.statusCode).toBe(202);
    expect((await liveJobs()).map((job) => job.jobId)).toEqual([bodyOf(result).jobId]);
    expect(await drainQueue(sqs, queues.jobs)).toHaveLength(1);
    // The key stays held until its lock runs out: a retry meanwhile is told so, and starts nothing.
    const retried = await send(key);
    expect(retried.statusCode).toBe(409);
    expect(await liveJobs()).toHaveLength(1);
    await forgetQueuedJobs();
  });

  it('ends a request whose DynamoDB call hangs with a 503 within the function timeout (request timeouts)', async () => {
    const key = randomUUID();
    const { result, ms } = await withFaults(dynamo, [{ operation: 'PutItem', bodyIncludes: '"JOB#', fault: 'hang' }], () => send(key));

    expectUnavailable(result);
    // Three attempts of at most 2 s each, plus backoff: well inside the HTTP functions' 10 s.
    expect(ms).toBeGreaterThan(5_000);
    expect(ms).toBeLessThan(9_500);
    await expectCleanThenRetryWorks(like, key);
  }, 30_000);

  it('ends a request whose SQS call hangs with a 503 and no job', async () => {
    const key = randomUUID();
    const { result, ms, faulted } = await withFaults(sqsProxy, [{ operation: 'SendMessage', fault: 'hang' }], () => send(key));

    expectUnavailable(result);
    expect(faulted).toBeGreaterThan(0); // the enqueue was sent, and held
    expect(ms).toBeLessThan(9_500);
    await expectCleanThenRetryWorks(like, key);
  }, 30_000);
});

describe('POST /transcript/add at each of its write steps', () => {
  const transcript = () => ({
    title: 'Call',
    call_id: `call-${randomUUID()}`,
    call_start_time: '2026-11-20T15:00:00Z',
    url: 'https://calls.example.com/r/1',
    participants: ['sam@acme.example', 'jane@globex.example'],
    transcript: ['Sam: Thanks for joining.', 'Jane: How long does the setup take?'],
  });
  const send = async (body: Record<string, unknown>, key: string) =>
    (await handler('addTranscript'))(post('/api/v1/transcript/add', body, { 'idempotency-key': key }));
  const recordOf = async (callId: unknown) => (await workspaceItems(db, ws.workspaceId, `TRANSCRIPT#${String(callId)}`))[0];

  it.each<[string, () => FaultProxy, FaultRule]>([
    ['the S3 put is slowed down', () => s3Proxy, { operation: 'PUT', fault: 'throttle' }],
    ['the record write is throttled', () => dynamo, { operation: 'PutItem', bodyIncludes: '"TRANSCRIPT#', fault: 'throttle' }],
    ['the enqueue is throttled', () => sqsProxy, { operation: 'SendMessage', fault: 'throttle' }],
  ])('%s: 503, no record, no message; the same request then succeeds', async (_name, proxyOf, rule) => {
    const body = transcript();
    const key = randomUUID();
    const { result, faulted } = await withFaults(proxyOf(), [rule], () => send(body, key));

    expectUnavailable(result);
    expect(faulted).toBe(3);
    expect(await recordOf(body.call_id)).toBeUndefined();
    expect(await drainQueue(sqs, queues.transcripts, 0)).toEqual([]);
    const retried = await send(body, key);
    expect(retried.statusCode).toBe(202);
    expect((await drainQueue(sqs, queues.transcripts)).map((m) => (m.json as { callId: string }).callId)).toEqual([body.call_id]);
  });

  it('the answer to the record write is lost (the SDK writes again, refused): 202, its one record queued and its message sent', async () => {
    const body = transcript();
    const { result, faulted } = await withFaults(
      dynamo,
      [{ operation: 'PutItem', bodyIncludes: '"TRANSCRIPT#', fault: 'answer-lost', times: 1 }],
      () => send(body, randomUUID()),
    );

    expect(faulted).toBe(1);
    expect(result.statusCode).toBe(202);
    expect(await recordOf(body.call_id)).toMatchObject({ status: 'queued' });
    expect((await drainQueue(sqs, queues.transcripts)).map((m) => (m.json as { callId: string }).callId)).toEqual([body.call_id]);
  });
});

describe('webhooks: one transaction, then a best-effort enqueue', () => {
  const create = async (key: string) =>
    (await handler('createWebhook'))(
      post('/api/v1/webhooks', { url: 'http://localhost:9/hook', events: ['job.succeeded'] }, { 'idempotency-key': key }),
    );

  it('POST /webhooks: a throttled write is a 503 with no webhook; the same request then creates one', async () => {
    const key = randomUUID();
    const before = (await workspaceItems(db, ws.workspaceId, 'WEBHOOK#')).length;
    const { result, faulted } = await withFaults(dynamo, [{ operation: 'PutItem', bodyIncludes: '"WEBHOOK#', fault: 'throttle' }], () =>
      create(key),
    );

    expectUnavailable(result);
    expect(faulted).toBe(3);
    expect(await workspaceItems(db, ws.workspaceId, 'WEBHOOK#')).toHaveLength(before);
    expect((await create(key)).statusCode).toBe(201);
    expect(await workspaceItems(db, ws.workspaceId, 'WEBHOOK#')).toHaveLength(before + 1);
  });

  it('POST /webhooks/{id}/rotate-secret and /test: a throttled write is a 503; a failed enqueue still delivers (the sweep sends it)', async () => {
    const { webhookId } = bodyOf(await create(randomUUID())) as { webhookId: string };
    const rotate = async () =>
      (await handler('rotateWebhookSecret'))(post(`/api/v1/webhooks/${webhookId}/rotate-secret`, undefined, {}, { webhookId }));
    const ping = async () => (await handler('testWebhook'))(post(`/api/v1/webhooks/${webhookId}/test`, undefined, {}, { webhookId }));

    const secrets = async () => {
      const webhook = await getWebhook(db, ws.workspaceId, webhookId);
      return { secret: webhook?.secret, previousSecret: webhook?.previousSecret };
    };
    const secretsBefore = await secrets();
    expectUnavailable(
      (await withFaults(dynamo, [{ operation: 'UpdateItem', bodyIncludes: '"WEBHOOK#', fault: 'throttle' }], rotate)).result,
    );
    expectUnavailable((await withFaults(dynamo, [{ operation: 'TransactWriteItems', fault: 'throttle' }], ping)).result);
    // Neither half-happened: the secret is the one it was, and the ping left no delivery.
    expect(await secrets()).toEqual(secretsBefore);
    expect((await listDeliveries(db, ws.workspaceId, webhookId, 10)).items).toEqual([]);

    const { result, faulted } = await withFaults(
      sqsProxy,
      [
        { operation: 'SendMessageBatch', fault: 'throttle' },
        { operation: 'SendMessage', fault: 'throttle' },
      ],
      ping,
    );
    expect(faulted).toBeGreaterThan(0); // the enqueue was tried and failed: the delivery waits for the sweep
    expect(result.statusCode).toBeLessThan(300);
    expect((await listDeliveries(db, ws.workspaceId, webhookId, 10)).items.map((delivery) => delivery.status)).toEqual(['pending']);
    expect(await drainQueue(sqs, queues.webhooks, 0)).toEqual([]);
  });
});
