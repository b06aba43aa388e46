import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { issueApiKey } from '../../../lib/admin/workspace-admin';
import { generateApiKey } from '../../../lib/auth/api-key';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { httpEndpoint } from '../../../lib/http/endpoint';
import { rateWindowOf, secondsUntilEnd } from '../../../lib/http/rate-limit';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { jsonBody } from '../../../lib/http/route';
import { likeRequestSchema } from '../../../lib/schemas/like';
import { revokeApiKey } from '../../../lib/store/api-keys';
import { createDocumentClient } from '../../../lib/store/client';
import { keys } from '../../../lib/store/keys';
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
import type { TestWorkspace } from '../../helpers/factories';
import { api } from '../../helpers/http-client';
import { bodyOf, loadHandler } from './load-handler';
import { acceptedJob } from '../../../lib/outreach/endpoint/accepted-job';

/**
 * The per-workspace rate limit across concurrent Lambdas: each handler below is loaded in a module
 * registry of its own (its own configuration, DynamoDB client and key cache), as separate Lambda
 * containers are, and they all count in the one DynamoDB counter of the workspace's minute.
 */
const db = testDb();
const sqs = testSqs();
const limit = 5;
let jobsQueueUrl: string;
let likeHandlers: HttpHandler[];
let jobsGetHandlers: HttpHandler[];

const likeBody = { url: samplePostUrl, groups: ['sales'], reactionType: 'like' };
const like = (handler: HttpHandler, apiKey: string, rawBody?: string) =>
  handler(httpEvent({ method: 'POST', path: '/api/v1/social-selling/like', headers: { 'api-key': apiKey }, body: likeBody, rawBody }));
const getJob = (handler: HttpHandler, apiKey: string) =>
  handler(
    httpEvent({
      method: 'GET',
      path: '/api/v1/jobs/job_unknown',
      headers: { 'api-key': apiKey },
      pathParameters: { jobId: 'job_unknown' },
    }),
  );

/** Waits for the next minute when this one ends within `seconds`: a burst must fall in one window. */
async function withinOneWindow(seconds: number): Promise<void> {
  const now = new Date();
  const left = secondsUntilEnd(rateWindowOf(now), now);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'rate-limit');
  const env = { JOBS_QUEUE_URL: jobsQueueUrl, RATE_LIMIT_PER_MINUTE: String(limit) };
  likeHandlers = [];
  jobsGetHandlers = [];
  for (let i = 0; i < 4; i++) likeHandlers.push(await loadHandler(() => import('../../../functions/http/like'), env));
  for (let i = 0; i < 2; i++) jobsGetHandlers.push(await loadHandler(() => import('../../../functions/http/get-job'), env));
}, 120_000);
afterEach(() => drainQueue(sqs, jobsQueueUrl, 0));

describe('the per-workspace rate limit', () => {
  let a: TestWorkspace;
  let b: TestWorkspace;
  let revokedOfA: string;

  beforeAll(async () => {
    a = await createTestWorkspace(db, { accounts: 1 });
    b = await createTestWorkspace(db, { accounts: 1 });
    // A key of workspace A that is revoked: its failures must not count against A.
    const issued = await issueApiKey(db, a.workspaceId, 'revoked');
    await revokeApiKey(db, a.workspaceId, issued.keyId, new Date());
    revokedOfA = issued.key;
  });

  it('lets exactly `limit` requests of a minute through across concurrent Lambdas and functions; the rest get 429 with Retry-After and enqueue nothing', async () => {
    await withinOneWindow(20);
    const window = rateWindowOf(new Date());
    const requests: Array<Promise<LambdaHttpResult>> = [];
    for (let i = 0; i < 16; i++) requests.push(like(likeHandlers[i % likeHandlers.length]!, a.apiKey));
    for (let i = 0; i < 4; i++) requests.push(getJob(jobsGetHandlers[i % jobsGetHandlers.length]!, a.apiKey));
    // Failed authentications in the same burst, one with a revoked key of A itself.
    for (let i = 0; i < 6; i++) requests.push(like(likeHandlers[i % likeHandlers.length]!, i % 2 ? revokedOfA : generateApiKey().key));

    const results = await Promise.all(requests);
    const finished = new Date();

    const unauthorized = results.filter((result) => result.statusCode === 401);
    const limited = results.filter((result) => result.statusCode === 429);
    const passed = results.filter((result) => result.statusCode !== 401 && result.statusCode !== 429);
    expect(unauthorized).toHaveLength(6);
    expect(passed).toHaveLength(limit);
    expect(limited).toHaveLength(20 - limit);
    // Each counted request says what is left: limit-1 … 0, once each.
    expect(passed.map((result) => Number(result.headers['ratelimit-remaining'])).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const result of passed) expect(result.statusCode === 202 || result.statusCode === 404).toBe(true);
    for (const result of limited) {
      const retryAfter = Number(result.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, secondsUntilEnd(window, finished)));
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(result.headers).toMatchObject({
        'content-type': 'application/problem+json',
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(retryAfter),
      });
      expect(bodyOf(result)).toMatchObject({ type: '/problems/rate-limited', status: 429, title: 'Too many requests' });
    }
    for (const result of unauthorized) expect(result.headers['ratelimit-limit']).toBeUndefined();

    // Only the accepted requests left a job and a message; the counter stopped at the limit.
    const accepted = passed.filter((result) => result.statusCode === 202).map((result) => bodyOf(result).jobId);
    const messages = await drainQueue(sqs, jobsQueueUrl);
    expect(messages.map((message) => (message.json as { jobId: string }).jobId).sort()).toEqual([...accepted].sort());
    expect((await workspaceItems(db, a.workspaceId, 'JOB#')).filter((item) => !String(item.sk).includes('#ACTION#'))).toHaveLength(
      accepted.length,
    );
    const { Item: counter } = await db.client.send(
      new GetCommand({ TableName: db.table, Key: keys.rateCounter(a.workspaceId, window.start.toISOString()) }),
    );
    expect(counter).toMatchObject({ count: limit });
    expect(counter!.expiresAt).toBeGreaterThan(window.end.getTime() / 1000);

    // Refused before the body is read: a malformed body is still a 429, not a 400.
    const malformed = await like(likeHandlers[0]!, a.apiKey, '{"url": ');
    expect(malformed.statusCode).toBe(429);

    // Another workspace, through the same Lambdas, in the same minute: its own count.
    const other = await like(likeHandlers[1]!, b.apiKey);
    expect(other.statusCode).toBe(202);
    expect(other.headers['ratelimit-remaining']).toBe(String(limit - 1));
    expect(await drainQueue(sqs, jobsQueueUrl)).toHaveLength(1);
  });

  it('counts nothing for failed authentications, not even against the workspace of a revoked key', async () => {
    const fresh = await createTestWorkspace(db, { accounts: 0 });
    const issued = await issueApiKey(db, fresh.workspaceId, 'revoked');
    await revokeApiKey(db, fresh.workspaceId, issued.keyId, new Date());

    const results = await Promise.all(Array.from({ length: 3 * limit }, (_, i) => getJob(jobsGetHandlers[i % 2]!, issued.key)));

    expect(results.map((result) => result.statusCode)).toEqual(Array.from({ length: 3 * limit }, () => 401));
    expect(await workspaceItems(db, fresh.workspaceId, 'RATE#')).toEqual([]);
  });
});

describe('through serverless offline', () => {
  it("counts each request of a workspace in the stack's one counter, and says what is left", async () => {
    const ws = await createTestWorkspace(db, { accounts: 0 });
    await withinOneWindow(20);

    const first = await api('GET', '/api/v1/jobs/job_unknown', { apiKey: ws.apiKey });
    const second = await api('GET', '/api/v1/jobs/job_unknown', { apiKey: ws.apiKey });

    const stackLimit = Number(first.headers.get('ratelimit-limit'));
    expect(stackLimit).toBeGreaterThan(2);
    expect([first.status, Number(first.headers.get('ratelimit-remaining'))]).toEqual([404, stackLimit - 1]);
    expect([second.status, Number(second.headers.get('ratelimit-remaining'))]).toEqual([404, stackLimit - 2]);
    expect(await workspaceItems(db, ws.workspaceId, 'RATE#')).toEqual([expect.objectContaining({ count: 2 })]);
  });
});

describe('RATE_LIMIT_PER_MINUTE=0', () => {
  it('counts nothing and sends no RateLimit headers', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const unlimited = await loadHandler(() => import('../../../functions/http/get-job'), { RATE_LIMIT_PER_MINUTE: '0' });

    const results = await Promise.all(Array.from({ length: 2 * limit }, () => getJob(unlimited, ws.apiKey)));

    expect(results.map((result) => result.statusCode)).toEqual(Array.from({ length: 2 * limit }, () => 404));
    expect(results[0]!.headers['ratelimit-limit']).toBeUndefined();
    expect(await workspaceItems(db, ws.workspaceId, 'RATE#')).toEqual([]);
  });
});

describe('when the counter cannot be written', () => {
  it('answers 503 with Retry-After (never a 500), and enqueues nothing', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const client = createDocumentClient();
    const send = client.send.bind(client);
    // The fault: DynamoDB throttles the counter's write; every other call is real.
    jest.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      if (command instanceof UpdateCommand && String(command.input.Key?.sk).startsWith('RATE#')) {
        return Promise.reject(
          new ProvisionedThroughputExceededException({
            message: 'Rate of requests exceeds the allowed throughput.',
            $metadata: { httpStatusCode: 400 },
          }),
        );
      }
      return send(command as never);
    }) as typeof client.send);
    const throttled = { client, table: db.table };
    const deps = { db: throttled, sqs, jobsQueueUrl, retentionDays: 1 };
    const endpoint = httpEndpoint({
      route: { method: 'POST', path: '/api/v1/social-selling/like', body: jsonBody(likeRequestSchema) },
      db: throttled,
      rateLimitPerMinute: limit,
      handle: async ({ workspaceId, body, now }) => acceptedJob(await acceptLikeRequest(deps, workspaceId, body, now)),
    });

    const result = await like(endpoint, ws.apiKey);

    expect(result.statusCode).toBe(503);
    expect(Number(result.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(bodyOf(result)).toMatchObject({ type: '/problems/service-unavailable' });
    expect(await drainQueue(sqs, jobsQueueUrl)).toEqual([]);
    expect(await workspaceItems(db, ws.workspaceId, 'JOB#')).toEqual([]);
  });
});
