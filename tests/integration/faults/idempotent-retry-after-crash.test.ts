import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { planJobMessageSchema } from '../../../lib/queue/messages';
import { keys } from '../../../lib/store/keys';
import type { FaultProxy } from '../../helpers/fault-proxy';
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
 * A like request cut off after its job was written (and maybe queued) but before its
 * Idempotency-Key stored the answer, then sent again with the same key once the key's 60 s lock has
 * run out: the retry is answered with the first job, and no second job is made. The deployed handler
 * runs with its real SDK clients pointed at fault proxies in front of DynamoDB Local and the SQS
 * emulator. The cut-off is made with AWS failures that leave the table and the queue exactly as a
 * crash at that point does (the caller's answer is thrown away); the lock running out, by moving its
 * end into the past.
 */
const db = testDb();
const sqs = testSqs();
let dynamo: FaultProxy;
let sqsProxy: FaultProxy;
const queues = { jobs: '', actions: '' };
let ws: TestWorkspace;
let like: HttpHandler;

const endpointVariables = ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_SQS'];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  dynamo = await startFaultProxy('dynamodb', process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  sqsProxy = await startFaultProxy('sqs', process.env.AWS_ENDPOINT_URL_SQS!);
  queues.jobs = await createTestQueue(sqs, 'retry-after-crash-jobs');
  queues.actions = await createTestQueue(sqs, 'retry-after-crash-actions');
  const env = {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_SQS: sqsProxy.url,
    JOBS_QUEUE_URL: throughProxy(queues.jobs, sqsProxy),
    RATE_LIMIT_PER_MINUTE: '0',
  };
  ws = await createTestWorkspace(db, { accounts: 2 });
  like = await loadHandler(() => import('../../../functions/http/like'), env);
  // The SDK reads AWS_ENDPOINT_URL_* at a client's first call: the handler's make theirs in the
  // tests, so the variables point at the proxies for the whole file (the test's own clients called
  // the emulators above, and keep them).
  for (const name of endpointVariables) saved[name] = process.env[name];
  Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: env.AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_SQS: env.AWS_ENDPOINT_URL_SQS });
});
afterEach(async () => {
  dynamo.clear();
  sqsProxy.clear();
  await Promise.all(Object.values(queues).map((url) => drainQueue(sqs, url, 0)));
});
afterAll(async () => {
  Object.assign(process.env, saved);
  await Promise.all([dynamo.close(), sqsProxy.close()]);
});

const body = () => ({ url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
const send = (key: string, payload = body()): Promise<LambdaHttpResult> =>
  like(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/like',
      headers: { 'api-key': ws.apiKey, 'idempotency-key': key },
      body: payload,
    }),
  );

/** The workspace's jobs (not their actions), each test's own: told apart by the test's post. */
async function jobsFor(post: string): Promise<Array<Record<string, unknown>>> {
  return (await workspaceItems(db, ws.workspaceId, 'JOB#')).filter(
    (item) => !String(item.sk).includes('#ACTION#') && (item.request as { url?: string } | undefined)?.url === post,
  );
}

/** The key's record still says its request is in progress (a crash left it so); its lock is then made to run out. */
async function lockRunsOut(key: string): Promise<void> {
  const keyHash = createHash('sha256').update(key).digest('hex');
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.idempotency(ws.workspaceId, keyHash),
      UpdateExpression: 'SET lockedUntil = :past',
      ConditionExpression: '#state = :inProgress',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':past': Date.now() - 1000, ':inProgress': 'in_progress' },
    }),
  );
}

const planDeps = () => ({
  db,
  sqs,
  jobsQueueUrl: queues.jobs,
  actionsQueueUrl: queues.actions,
  defaultPacingWindowSeconds: 0,
  approvalExpirySeconds: 3600,
});

/** A post of the test's own, so that its jobs are told apart from the other tests' in the shared workspace. */
const postOf = (n: number) => `https://www.linkedin.com/feed/update/urn:li:activity:73000000000000${String(n).padStart(5, '0')}/`;

describe('a like whose attempt was cut off before its Idempotency-Key stored the answer, retried with the same key', () => {
  it('after the job was written and queued: the retry gets the first job; one job, one plan message, planned once', async () => {
    const key = randomUUID();
    const post = postOf(1);
    // The job is written and queued; storing the answer fails (DynamoDB 500, three tries). The
    // caller never gets the answer: as after a crash, all it has is its key.
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: '"IDEMPOTENCY#', fault: 'unavailable' });
    await send(key, { ...body(), url: post });
    dynamo.clear();
    const [first] = await jobsFor(post);
    expect(first).toMatchObject({ status: 'queued' });
    // The plan message went out, and a planner takes it within seconds, long before the key's lock
    // (60 s) runs out.
    const planMessages = await drainQueue(sqs, queues.jobs);
    expect(planMessages.map((m) => m.json)).toEqual([{ v: 1, workspaceId: ws.workspaceId, jobId: first!.jobId }]);
    await planJob(planDeps(), planJobMessageSchema.parse(planMessages[0]!.json));
    await lockRunsOut(key);

    const retried = await send(key, { ...body(), url: post });

    expect(retried.statusCode).toBe(202);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(bodyOf(retried)).toMatchObject({ jobId: first!.jobId, type: 'like', status: 'queued', accounts: 2 });
    expect(retried.headers.location).toBe(`/api/v1/jobs/${String(first!.jobId)}`);
    expect((await jobsFor(post)).map((job) => job.jobId)).toEqual([first!.jobId]);
    // No second plan message, and the job planned once: one action message per account.
    expect(await drainQueue(sqs, queues.jobs, 1)).toEqual([]);
    expect(await drainQueue(sqs, queues.actions)).toHaveLength(2);
    // The key now holds the answer: a third try replays it.
    const replayed = await send(key, { ...body(), url: post });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(bodyOf(replayed).jobId).toBe(first!.jobId);
  });

  it('after the job was written, before it was queued: the retry gets the same job and queues it, once', async () => {
    const key = randomUUID();
    const post = postOf(2);
    // The job is written; its enqueue fails, and so do its removal, its failing, and the key's
    // release: the table and the queue as a crash between the job's write and its enqueue leaves them.
    sqsProxy.fail({ operation: 'SendMessage', fault: 'unavailable' });
    dynamo.fail({ operation: 'DeleteItem', fault: 'unavailable' });
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: '"JOB#', fault: 'unavailable' });
    await send(key, { ...body(), url: post });
    sqsProxy.clear();
    dynamo.clear();
    const [first] = await jobsFor(post);
    expect(first).toMatchObject({ status: 'queued' });
    expect(await drainQueue(sqs, queues.jobs, 0)).toEqual([]);
    await lockRunsOut(key);

    const retried = await send(key, { ...body(), url: post });

    expect(retried.statusCode).toBe(202);
    expect(bodyOf(retried).jobId).toBe(first!.jobId);
    expect((await jobsFor(post)).map((job) => job.jobId)).toEqual([first!.jobId]);
    expect((await drainQueue(sqs, queues.jobs)).map((m) => m.json)).toEqual([{ v: 1, workspaceId: ws.workspaceId, jobId: first!.jobId }]);
  });

  it('before any planner took the first message: the retry queues it again, and the job is still planned once', async () => {
    const key = randomUUID();
    const post = postOf(3);
    dynamo.fail({ operation: 'UpdateItem', bodyIncludes: '"IDEMPOTENCY#', fault: 'unavailable' });
    await send(key, { ...body(), url: post });
    dynamo.clear();
    const [first] = await jobsFor(post);
    await lockRunsOut(key);

    const retried = await send(key, { ...body(), url: post });

    expect(bodyOf(retried).jobId).toBe(first!.jobId);
    expect((await jobsFor(post)).map((job) => job.jobId)).toEqual([first!.jobId]);
    // Nothing tells a message not yet received from one never sent (a crash before the enqueue):
    // the job, still untaken, is queued again. The second message finds it planned.
    const planMessages = await drainQueue(sqs, queues.jobs);
    expect(planMessages.map((m) => m.json)).toEqual([
      { v: 1, workspaceId: ws.workspaceId, jobId: first!.jobId },
      { v: 1, workspaceId: ws.workspaceId, jobId: first!.jobId },
    ]);
    for (const message of planMessages) await planJob(planDeps(), planJobMessageSchema.parse(message.json));
    expect(await drainQueue(sqs, queues.actions)).toHaveLength(2);
  });

  it('a request failed on our side (503, nothing started) and retried makes its job then, with the same id', async () => {
    const key = randomUUID();
    const post = postOf(4);
    // The enqueue fails and the job cannot be removed: it ends failed (enqueue_failed), the key is released.
    sqsProxy.fail({ operation: 'SendMessage', fault: 'unavailable' });
    dynamo.fail({ operation: 'DeleteItem', bodyIncludes: '"JOB#', fault: 'unavailable' });
    const refused = await send(key, { ...body(), url: post });
    sqsProxy.clear();
    dynamo.clear();
    expect(refused.statusCode).toBe(503);
    const [failed] = await jobsFor(post);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'enqueue_failed' });

    const retried = await send(key, { ...body(), url: post });

    expect(retried.statusCode).toBe(202);
    expect(bodyOf(retried).jobId).toBe(failed!.jobId);
    expect(await jobsFor(post)).toEqual([expect.objectContaining({ jobId: failed!.jobId, status: 'queued' })]);
    expect(await drainQueue(sqs, queues.jobs)).toHaveLength(1);
  });

  it('the same key with the same body after its 24 h is another request: a job of its own', async () => {
    const key = randomUUID();
    const post = postOf(5);
    const first = await send(key, { ...body(), url: post });
    expect(first.statusCode).toBe(202);
    // A day later: the key's record and the job are both older than the key's 24 h.
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const keyHash = createHash('sha256').update(key).digest('hex');
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.idempotency(ws.workspaceId, keyHash),
        UpdateExpression: 'SET expiresAt = :expired',
        ExpressionAttributeValues: { ':expired': Math.floor(Date.now() / 1000) - 3600 },
      }),
    );
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.job(ws.workspaceId, String(bodyOf(first).jobId)),
        UpdateExpression: 'SET createdAt = :then',
        ExpressionAttributeValues: { ':then': dayAgo.toISOString() },
      }),
    );

    const again = await send(key, { ...body(), url: post });

    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(bodyOf(again).jobId).not.toBe(bodyOf(first).jobId);
    expect(await jobsFor(post)).toHaveLength(2);
  });
});
