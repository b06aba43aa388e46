import type { HttpHandler } from '../../../lib/http/pipeline';
import { getAction } from '../../../lib/store/actions';
import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import type { JobBody } from '../../helpers/jobs';
import { finalJobStatuses } from '../../helpers/jobs';
import { bodyOf, loadHandler } from '../http/load-handler';
import type { SqsHandler } from './worker-queue';
import { deliverOnce, loadWorker, receiveRecords, settle } from './worker-queue';

/**
 * The provider failing under the actions worker, end to end: a like accepted by the deployed HTTP
 * handler, planned by the jobs worker, and run by the actions worker with the real Unipile client
 * against a fake Unipile HTTP server that answers 5xx, 429 with `retry-after`, or never. Records are
 * read from real queues and settled as Lambda settles them; retries are real delayed messages
 * (ACTION_RETRY_BASE_SECONDS=1, ACTION_MAX_ATTEMPTS=3, a 500 ms provider timeout).
 */
const db = testDb();
const sqs = testSqs();
const MAX_ATTEMPTS = 3;
let fake: FakeUnipile;
let ws: TestWorkspace;
let like: HttpHandler;
let jobsGet: HttpHandler;
let jobsWorker: SqsHandler;
let actionsWorker: SqsHandler;
const queues = { jobs: '', actions: '', webhooks: '' };

beforeAll(async () => {
  fake = await startFakeUnipile();
  for (const name of Object.keys(queues) as Array<keyof typeof queues>)
    queues[name] = await createTestQueue(sqs, `provider-faults-${name}`);
  const env = {
    JOBS_QUEUE_URL: queues.jobs,
    ACTIONS_QUEUE_URL: queues.actions,
    WEBHOOKS_QUEUE_URL: queues.webhooks,
    RATE_LIMIT_PER_MINUTE: '0',
  };
  like = await loadHandler(() => import('../../../functions/http/like'), env);
  jobsGet = await loadHandler(() => import('../../../functions/http/jobs-get'), env);
  jobsWorker = await loadWorker('jobs', env);
  actionsWorker = await loadWorker('actions', {
    ...env,
    NETWORK_PROVIDER: 'unipile',
    UNIPILE_DSN: fake.url,
    UNIPILE_API_KEY: fake.apiKey,
    UNIPILE_TIMEOUT_MS: '500',
    ACTION_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    ACTION_RETRY_BASE_SECONDS: '1',
  });
  ws = await createTestWorkspace(db, { accounts: 1 });
});
afterEach(async () => {
  fake.requests.length = 0;
  await Promise.all(Object.values(queues).map((url) => drainQueue(sqs, url, 0)));
});
afterAll(() => fake.close());

/** A like of one account, accepted and planned: its action's message is on the actions queue. */
async function plannedLike(): Promise<string> {
  const accepted = await like(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/like',
      headers: { 'api-key': ws.apiKey },
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    }),
  );
  expect(accepted.statusCode).toBe(202);
  const { failed } = await deliverOnce(sqs, queues.jobs, jobsWorker);
  expect(failed.size).toBe(0);
  return bodyOf(accepted).jobId as string;
}

async function jobView(jobId: string): Promise<JobBody> {
  const result = await jobsGet(
    httpEvent({ method: 'GET', path: `/api/v1/jobs/${jobId}`, headers: { 'api-key': ws.apiKey }, pathParameters: { jobId } }),
  );
  expect(result.statusCode).toBe(200);
  return bodyOf(result) as JobBody;
}

/** Runs the actions queue as Lambda would until the job is final; every invocation must succeed (a retry is a new delayed message). */
async function runUntilFinal(jobId: string): Promise<{ job: JobBody; deliveries: number }> {
  let deliveries = 0;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { records, failed } = await deliverOnce(sqs, queues.actions, actionsWorker, { waitSeconds: 2 });
    expect(failed.size).toBe(0);
    deliveries += records.length;
    const job = await jobView(jobId);
    if (finalJobStatuses.includes(job.status)) return { job, deliveries };
  }
  throw new Error(`job ${jobId} did not end within 30 s`);
}

const reactions = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/posts/reaction');
const REACT = 'POST /api/v1/posts/reaction';

describe('the actions worker with the real Unipile client', () => {
  it('retries a 503 and succeeds: one failed call, one effective call, the job succeeded', async () => {
    const jobId = await plannedLike();
    fake.failNext({ status: 503, match: REACT });

    const { job, deliveries } = await runUntilFinal(jobId);

    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 2 }] });
    expect(deliveries).toBe(2);
    // The 503 and the one that reacted: never a third.
    expect(reactions()).toHaveLength(2);
  });

  it("waits at least a 429's retry-after before the next attempt", async () => {
    const jobId = await plannedLike();
    fake.failNext({ status: 429, retryAfter: 3, match: REACT });

    const records = await receiveRecords(sqs, queues.actions);
    const triedAt = Date.now();
    await settle(sqs, queues.actions, records, await actionsWorker({ Records: records }));

    const waiting = await jobView(jobId);
    expect(waiting.actions[0]).toMatchObject({ status: 'pending', reason: 'rate_limited', attempts: 1 });
    const action = await getAction(db, { workspaceId: ws.workspaceId, jobId, accountId: ws.accounts[0]!.accountId });
    expect(Date.parse(action!.notBefore) - triedAt).toBeGreaterThanOrEqual(3000 - 50);
    // The retry is a message delayed that long: nothing to receive before it.
    expect(await receiveRecords(sqs, queues.actions, { waitSeconds: 1 })).toEqual([]);
    const { job } = await runUntilFinal(jobId);
    expect(Date.now() - triedAt).toBeGreaterThanOrEqual(3000);
    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 2 }] });
    expect(reactions()).toHaveLength(2);
  });

  it('retries a call the provider never answers (timeout), then succeeds', async () => {
    const jobId = await plannedLike();
    fake.hang(REACT);

    const { job } = await runUntilFinal(jobId);

    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 2 }] });
    expect(reactions()).toHaveLength(2);
  });

  it(`ends the action failed after ${MAX_ATTEMPTS} attempts of a persistent 5xx, the reason shown in the job, the job final`, async () => {
    const jobId = await plannedLike();
    for (let i = 0; i < MAX_ATTEMPTS; i++) fake.failNext({ status: 502, detail: 'Upstream is down.', match: REACT });

    const { job, deliveries } = await runUntilFinal(jobId);

    expect(job.status).toBe('failed');
    expect(job.actions[0]).toMatchObject({ status: 'failed', reason: 'provider_unavailable', attempts: MAX_ATTEMPTS });
    expect(job.actions[0]!.error).toMatch(/502.*Upstream is down\..*gave up after 3 attempts/);
    expect(deliveries).toBe(MAX_ATTEMPTS);
    expect(reactions()).toHaveLength(MAX_ATTEMPTS);
    // Nothing left to run: it is not lost, it is over.
    expect(await receiveRecords(sqs, queues.actions, { waitSeconds: 2 })).toEqual([]);
  });
});
