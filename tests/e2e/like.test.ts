import { GetQueueAttributesCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { revokeApiKey } from '../../lib/store/api-keys';
import { listSandboxActions, putSandboxRule } from '../../lib/store/sandbox';
import { createTestWorkspace, drainQueue, samplePostUrl, testDb, testSqs, workspaceItems } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, BACKGROUND_WORK_TIMEOUT_MS, eventually } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/** POST /social-selling/like and GET /jobs/{id} over real HTTP, through serverless offline, the queues and the workers. */
const db = testDb();
const sqs = testSqs();
const likePath = '/api/v1/social-selling/like';

const like = (
  apiKey: string,
  body: unknown = { url: samplePostUrl, groups: ['sales', 'founders'], reactionType: 'celebrate' },
  headers?: Record<string, string>,
) => api('POST', likePath, { apiKey, body, headers });

const finishedJob = (apiKey: string, location: string) => jobInStatus(apiKey, location, finalJobStatuses);

async function jobCount(workspaceId: string): Promise<number> {
  // Actions share their job's key prefix (JOB#<id>#ACTION#…): count the jobs alone.
  return (await workspaceItems(db, workspaceId, 'JOB#')).filter((item) => !String(item.sk).includes('#ACTION#')).length;
}

async function queueIsIdle(queueUrl: string): Promise<boolean> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Attributes?.ApproximateNumberOfMessages === '0' && Attributes?.ApproximateNumberOfMessagesNotVisible === '0';
}

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 3, groups: { sales: [0, 1], founders: [1, 2] }, pacingWindowSeconds: 1 });
});

describe('like, end to end', () => {
  it('answers 202, and the job succeeds with one sandbox reaction per distinct account', async () => {
    const accepted = await like(ws.apiKey);
    const job = await finishedJob(ws.apiKey, accepted.headers.get('location')!);

    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('content-type')).toContain('application/json');
    expect(accepted.body).toMatchObject({ type: 'like', status: 'queued', accounts: 3 });
    expect(accepted.headers.get('location')).toBe(`/api/v1/jobs/${accepted.body.jobId}`);
    expect(job).toMatchObject({
      jobId: accepted.body.jobId,
      status: 'succeeded',
      request: { url: samplePostUrl, groups: ['sales', 'founders'], reactionType: 'celebrate' },
      counts: { total: 3, pending: 0, running: 0, succeeded: 3, failed: 0 },
    });
    const actions = job.actions as Array<Record<string, unknown>>;
    expect(actions.map((a) => a.accountId).sort()).toEqual(ws.accounts.map((a) => a.accountId).sort());
    for (const action of actions)
      expect(action).toMatchObject({ status: 'succeeded', attempts: 1, provider: 'sandbox', sandbox: true, result: 'reacted' });
    const recorded = await listSandboxActions(db, ws.workspaceId);
    expect(recorded.filter((r) => r.target === samplePostUrl)).toHaveLength(3);
    expect(recorded.every((r) => r.details.reactionType === 'celebrate')).toBe(true);
  });

  it('never repeats a provider call when the job and action messages are delivered again', async () => {
    const target = await createTestWorkspace(db, { accounts: 2, pacingWindowSeconds: 0 });
    const accepted = await like(target.apiKey, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
    const before = await finishedJob(target.apiKey, accepted.headers.get('location')!);
    const jobId = accepted.body.jobId as string;

    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.JOBS_QUEUE_URL,
        MessageBody: JSON.stringify({ v: 1, workspaceId: target.workspaceId, jobId }),
      }),
    );
    for (const account of target.accounts) {
      const body = JSON.stringify({ v: 1, workspaceId: target.workspaceId, jobId, accountId: account.accountId });
      await sqs.send(new SendMessageCommand({ QueueUrl: process.env.ACTIONS_QUEUE_URL, MessageBody: body }));
      await sqs.send(new SendMessageCommand({ QueueUrl: process.env.ACTIONS_QUEUE_URL, MessageBody: body }));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await eventually(
      async () =>
        (await queueIsIdle(process.env.JOBS_QUEUE_URL!)) && (await queueIsIdle(process.env.ACTIONS_QUEUE_URL!)) ? true : undefined,
      BACKGROUND_WORK_TIMEOUT_MS,
      'queues to drain',
    );

    const after = (await api('GET', `/api/v1/jobs/${jobId}`, { apiKey: target.apiKey })).body;
    expect(before.status).toBe('succeeded');
    expect(await listSandboxActions(db, target.workspaceId)).toHaveLength(2);
    expect(after).toEqual(before);
  });

  it("shows a provider's refusal per account, and the job partially_failed", async () => {
    const target = await createTestWorkspace(db, { accounts: 2, pacingWindowSeconds: 0 });
    await putSandboxRule(db, {
      ruleId: 'refuse',
      workspaceId: target.workspaceId,
      match: { action: 'react', providerAccountId: target.accounts[1]!.providerAccountId },
      failure: { status: 422, reason: 'comments_disabled' },
      createdAt: new Date().toISOString(),
    });

    const accepted = await like(target.apiKey, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
    const job = await finishedJob(target.apiKey, accepted.headers.get('location')!);

    expect(job).toMatchObject({ status: 'partially_failed', counts: { succeeded: 1, failed: 1 } });
    const failed = (job.actions as Array<Record<string, unknown>>).find((a) => a.accountId === target.accounts[1]!.accountId);
    expect(failed).toMatchObject({ status: 'failed', reason: 'comments_disabled', sandbox: true });
  });

  it('sends an unreadable job message to the dead-letter queue and fails the job it names', async () => {
    // Two accounts: a job of one account is not paced, and this one must stay running.
    const slow = await createTestWorkspace(db, { accounts: 2, pacingWindowSeconds: 3600 });
    const accepted = await like(slow.apiKey, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });
    const location = accepted.headers.get('location')!;
    await eventually(async () => ((await api('GET', location, { apiKey: slow.apiKey })).body.status === 'running' ? true : undefined));
    const poison = JSON.stringify({ v: 2, workspaceId: slow.workspaceId, jobId: accepted.body.jobId });

    await sqs.send(new SendMessageCommand({ QueueUrl: process.env.JOBS_QUEUE_URL, MessageBody: poison }));
    const dead = await eventually(
      async () => {
        const messages = await drainQueue(sqs, process.env.JOBS_DEAD_LETTER_QUEUE_URL!, 1);
        return messages.find((m) => m.Body === poison);
      },
      BACKGROUND_WORK_TIMEOUT_MS,
      'the poison message in the DLQ',
    );
    const job = (await api('GET', location, { apiKey: slow.apiKey })).body;

    expect(dead.Body).toBe(poison);
    expect(job).toMatchObject({ status: 'failed', failureReason: 'unreadable_message' });
  }, 45_000);
});

describe('like, refused', () => {
  const bad: Array<[string, unknown, string[]]> = [
    ['missing fields', {}, ['url', 'groups', 'reactionType']],
    ['a reaction type of another case', { url: samplePostUrl, groups: ['sales'], reactionType: 'Like' }, ['reactionType']],
    ['a profile URL', { url: 'https://www.linkedin.com/in/jane/', groups: ['sales'], reactionType: 'like' }, ['url']],
    ['an http URL', { url: samplePostUrl.replace('https', 'http'), groups: ['sales'], reactionType: 'like' }, ['url']],
    ['no groups', { url: samplePostUrl, groups: [], reactionType: 'like' }, ['groups']],
    ['a group that is not a string', { url: samplePostUrl, groups: ['sales', 3], reactionType: 'like' }, ['groups.1']],
    ['an unknown field', { url: samplePostUrl, groups: ['sales'], reactionType: 'like', workspaceId: 'other' }, ['workspaceId']],
  ];

  it.each(bad)('answers 400 naming the fields for %s', async (_name, body, paths) => {
    const response = await like(ws.apiKey, body);

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((response.body.errors as Array<{ path: string }>).map((e) => e.path)).toEqual(paths);
  });

  it('answers 415, 400 and 413 for a wrong content type, malformed JSON and a large body', async () => {
    const text = await api('POST', likePath, {
      apiKey: ws.apiKey,
      rawBody: 'url=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const malformed = await api('POST', likePath, {
      apiKey: ws.apiKey,
      rawBody: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    const large = await like(ws.apiKey, { url: samplePostUrl, groups: ['x'.repeat(70_000)], reactionType: 'like' });

    expect([text.status, malformed.status, large.status]).toEqual([415, 400, 413]);
    expect([text.body.type, malformed.body.type, large.body.type]).toEqual([
      '/problems/unsupported-media-type',
      '/problems/malformed-json',
      '/problems/body-too-large',
    ]);
  });

  it('answers 422 naming the unknown group', async () => {
    const response = await like(ws.apiKey, { url: samplePostUrl, groups: ['sales', 'board'], reactionType: 'like' });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: 'groups.1', message: 'the workspace has no group named "board"' }]);
  });

  // Found by a new user: a missing reactionType was named, and the unknown group only once it was fixed.
  it('names every problem of a request at once: a missing field and an unknown group, in one 400, and starts nothing', async () => {
    const before = await jobCount(ws.workspaceId);

    const response = await like(ws.apiKey, { url: samplePostUrl, groups: ['sales', 'board'] });

    expect(response.status).toBe(400);
    expect(response.body.type).toBe('/problems/validation-failed');
    expect(response.body.errors).toEqual([
      { path: 'reactionType', message: expect.any(String) },
      { path: 'groups.1', message: 'the workspace has no group named "board"' },
    ]);
    expect(await jobCount(ws.workspaceId)).toBe(before);
  });

  it('answers the same 401 for every bad key', async () => {
    const revoked = await createTestWorkspace(db, { accounts: 1 });
    await revokeApiKey(db, revoked.workspaceId, revoked.keyId, new Date());

    const responses = await Promise.all(
      [undefined, 'nonsense', `${ws.apiKey.slice(0, -2)}zz`, revoked.apiKey].map((key) => like(key ?? '')),
    );

    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ type: '/problems/unauthorized', status: 401, detail: 'A valid `api-key` header is required.' });
    }
  });

  afterAll(async () => {
    expect(await jobCount(ws.workspaceId)).toBe(1); // only the accepted job of the first test
  });
});

describe('jobs and routes', () => {
  it("answers 404 for another workspace's job, exactly as for a job that does not exist", async () => {
    const accepted = await like(ws.apiKey);
    const other = await createTestWorkspace(db, { accounts: 1 });

    const foreign = await api('GET', `/api/v1/jobs/${accepted.body.jobId}`, { apiKey: other.apiKey });
    const missing = await api('GET', '/api/v1/jobs/job_01AAAAAAAAAAAAAAAAAAAAAAAA', { apiKey: other.apiKey });
    // Encoded, so that it reaches the jobs route as an id instead of being resolved away as a path.
    const malformed = await api('GET', '/api/v1/jobs/..%2F..%2Fetc', { apiKey: other.apiKey });

    const comparable = ({ detail: _detail, requestId: _requestId, instance: _instance, ...rest }: Record<string, unknown>) => rest;
    expect(foreign.status).toBe(404);
    expect(foreign.body.type).toBe('/problems/not-found');
    expect(missing.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    expect(malformed.status).toBe(404);
    expect(malformed.body.type).toBe('/problems/not-found');
  });

  it('answers unknown routes with 404 and known paths with another method with 405 and Allow, as problem+json', async () => {
    const unknown = await api('GET', '/api/v1/nothing-here', { apiKey: ws.apiKey });
    const method = await api('GET', likePath, { apiKey: ws.apiKey });

    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('POST');
    expect(method.body.type).toBe('/problems/method-not-allowed');
  });

  it('replays an idempotent request without a second job', async () => {
    const target = await createTestWorkspace(db, { accounts: 1 });
    const headers = { 'idempotency-key': `e2e-${Date.now()}` };

    const first = await like(target.apiKey, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' }, headers);
    const second = await like(target.apiKey, { url: samplePostUrl, groups: ['sales'], reactionType: 'like' }, headers);

    expect(second.status).toBe(202);
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await jobCount(target.workspaceId)).toBe(1);
  });
});
