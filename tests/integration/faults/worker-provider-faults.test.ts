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
let comment: HttpHandler;
let connect: HttpHandler;
let dm: HttpHandler;
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
  comment = await loadHandler(() => import('../../../functions/http/request-comment'), env);
  connect = await loadHandler(() => import('../../../functions/http/connect'), env);
  dm = await loadHandler(() => import('../../../functions/http/dm'), env);
  jobsGet = await loadHandler(() => import('../../../functions/http/get-job'), env);
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

/** A job of one account, accepted by its handler and planned: its action's message is on the actions queue. */
async function planned(handler: HttpHandler, path: string, body: unknown): Promise<string> {
  const accepted = await handler(httpEvent({ method: 'POST', path, headers: { 'api-key': ws.apiKey }, body }));
  expect(accepted.statusCode).toBe(202);
  const { failed } = await deliverOnce(sqs, queues.jobs, jobsWorker);
  expect(failed.size).toBe(0);
  return bodyOf(accepted).jobId as string;
}

const plannedLike = () => planned(like, '/api/v1/social-selling/like', { url: samplePostUrl, groups: ['sales'], reactionType: 'like' });

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

    // Why two attempts, though it succeeded: the 503 it was retried after.
    expect(job).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', attempts: 2, retriedAfter: expect.stringMatching(/^[a-z_]+$/) }],
    });
    expect(job.actions[0]?.reason).toBeUndefined();
    expect(deliveries).toBe(2);
    // The 503 and the one that reacted: never a third.
    expect(reactions()).toHaveLength(2);
  });

  it("pauses the account on Unipile's v1 429 (the network throttling it) for its retry-after, then goes on", async () => {
    const jobId = await plannedLike();
    // v1's only 429: "The provider cannot accept any more requests at the moment."
    fake.failNext({ status: 429, type: 'errors/too_many_requests', retryAfter: 3, match: REACT });

    const records = await receiveRecords(sqs, queues.actions);
    const triedAt = Date.now();
    await settle(sqs, queues.actions, records, await actionsWorker({ Records: records }));

    const waiting = await jobView(jobId);
    // Not an attempt of its own that failed: the whole account waits, this action with it.
    expect(waiting.actions[0]).toMatchObject({ status: 'pending', deferredReason: 'provider_throttled', attempts: 0 });
    const action = await getAction(db, { workspaceId: ws.workspaceId, jobId, accountId: ws.accounts[0]!.accountId });
    expect(Date.parse(action!.notBefore) - triedAt).toBeGreaterThanOrEqual(3000 - 50);
    // The retry is a message delayed that long: nothing to receive before it.
    expect(await receiveRecords(sqs, queues.actions, { waitSeconds: 1 })).toEqual([]);
    const { job } = await runUntilFinal(jobId);
    expect(Date.now() - triedAt).toBeGreaterThanOrEqual(3000);
    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 1 }] });
    expect(reactions()).toHaveLength(2);
  });

  describe('a write whose answer comes too late, after Unipile carried it out', () => {
    const posts = (path: string) => fake.requests.filter((request) => request.method === 'POST' && request.path.startsWith(path));

    it('a comment is not sent again: it ends outcome_unknown, posted once', async () => {
      const jobId = await planned(comment, '/api/v1/social-selling/request-comment', {
        url: samplePostUrl,
        comment: 'Great breakdown of the numbers.',
        groups: ['sales'],
      });
      fake.answerLate('POST /api/v1/posts/urn', 1500);

      const { job } = await runUntilFinal(jobId);

      expect(job.actions[0]).toMatchObject({ status: 'failed', reason: 'outcome_unknown', attempts: 1 });
      expect(posts('/api/v1/posts/urn')).toHaveLength(1);
    });

    it('a message is not sent again: it ends outcome_unknown, sent once', async () => {
      fake.setProfile('late-answer-friend', { network_distance: 'FIRST_DEGREE', is_relationship: true });
      const jobId = await planned(dm, '/api/v1/social-selling/dm', {
        user: ws.accounts[0]!.profileUrl,
        target: 'https://www.linkedin.com/in/late-answer-friend',
        message: 'Thanks for the chat today.',
      });
      fake.answerLate('POST /api/v1/chats', 1500);

      const { job } = await runUntilFinal(jobId);

      expect(job.actions[0]).toMatchObject({ status: 'failed', reason: 'outcome_unknown' });
      expect(posts('/api/v1/chats')).toHaveLength(1);
    });

    it('an invitation is read back before anything is sent again: the profile shows it pending, and it is done', async () => {
      const jobId = await planned(connect, '/api/v1/social-selling/connect', {
        user: ws.accounts[0]!.profileUrl,
        target: 'https://www.linkedin.com/in/late-answer-prospect',
        message: 'Enjoyed your post on pipeline reviews.',
      });
      fake.answerLate('POST /api/v1/users/invite', 1500);

      const { job } = await runUntilFinal(jobId);

      expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', result: 'already_invited', attempts: 2 }] });
      expect(posts('/api/v1/users/invite')).toHaveLength(1);
    });
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
