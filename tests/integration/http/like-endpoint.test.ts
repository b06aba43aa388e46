import { createHash } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ApiKeyCache } from '../../../lib/auth/authenticate';
import { httpEndpoint } from '../../../lib/http/endpoint';
import { requestFingerprint } from '../../../lib/http/idempotency';
import { logger } from '../../../lib/log';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { planJobMessageSchema } from '../../../lib/queue/messages';
import { getJob } from '../../../lib/store/jobs';
import { backlogItem } from '../../../lib/store/account-backlogs';
import { revokeApiKey } from '../../../lib/store/api-keys';
import { transactWrite } from '../../../lib/store/transact';
import { claimIdempotencyKey } from '../../../lib/store/idempotency';
import { SQSClient } from '@aws-sdk/client-sqs';
import { generateApiKey } from '../../../lib/auth/api-key';
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
import { acceptedJob } from '../../../lib/outreach/endpoint/accepted-job';
import { like } from '../../../lib/routes/social-selling/like';

const db = testDb();
const sqs = testSqs();
const route = 'POST /api/v1/social-selling/like';
let jobsQueueUrl: string;
let ws: TestWorkspace;

function likeEndpoint(overrides: { queueUrl?: string; sqsClient?: SQSClient; accountBacklogLimit?: number } = {}) {
  const deps = {
    db,
    sqs: overrides.sqsClient ?? sqs,
    jobsQueueUrl: overrides.queueUrl ?? jobsQueueUrl,
    retentionDays: 1,
    accountBacklogLimit: overrides.accountBacklogLimit,
  };
  return httpEndpoint({
    route: like,
    db,
    handle: async ({ workspaceId, body, now }) => acceptedJob(await acceptLikeRequest(deps, workspaceId, body, now)),
  });
}

const validBody = { url: samplePostUrl, groups: ['sales'], reactionType: 'like' };
const post = (headers: Record<string, string>, body: unknown = validBody, rawBody?: string) =>
  httpEvent({ method: 'POST', path: '/api/v1/social-selling/like', headers, body, rawBody });
const parse = (result: LambdaHttpResult) => JSON.parse(result.body as string) as Record<string, unknown>;

const jobsOf = (workspaceId: string) => workspaceItems(db, workspaceId, 'JOB#');

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'like-endpoint');
  ws = await createTestWorkspace(db, { accounts: 3, groups: { sales: [0, 1], founders: [1, 2], empty: [] } });
});
afterEach(() => drainQueue(sqs, jobsQueueUrl, 0));

describe('POST /social-selling/like through the pipeline', () => {
  it('answers 202 with a Location and the job, and enqueues it', async () => {
    const result = await likeEndpoint()(post({ 'api-key': ws.apiKey }, { ...validBody, groups: ['sales', 'founders'] }));
    const body = parse(result);

    expect(result.statusCode).toBe(202);
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.headers.location).toBe(`/api/v1/jobs/${body.jobId}`);
    expect(body).toMatchObject({ type: 'like', status: 'queued', accounts: 3 });
    expect(result.headers['x-request-id']).toBeTruthy();
    const messages = await drainQueue(sqs, jobsQueueUrl);
    expect(messages.map((m) => m.json)).toEqual([{ v: 1, workspaceId: ws.workspaceId, jobId: body.jobId }]);
  });

  describe('authentication', () => {
    it('answers the same 401 for a missing, malformed, unknown or revoked key, and enqueues nothing', async () => {
      const revoked = await createTestWorkspace(db, { accounts: 1 });
      await revokeApiKey(db, revoked.workspaceId, revoked.keyId, new Date());
      const keys: Array<string | undefined> = [
        undefined,
        '',
        'not-a-key',
        `${ws.apiKey.slice(0, -1)}${ws.apiKey.endsWith('x') ? 'y' : 'x'}`,
        generateApiKey().key,
        revoked.apiKey,
      ];

      const results = [];
      for (const key of keys) results.push(await likeEndpoint()(post(key === undefined ? {} : { 'api-key': key })));

      for (const result of results) {
        expect(result.statusCode).toBe(401);
        expect(result.headers['content-type']).toBe('application/problem+json');
        expect(result.headers['www-authenticate']).toBe('api-key');
        const { requestId: _r, ...problem } = parse(result);
        expect(problem).toEqual({
          type: '/problems/unauthorized',
          title: 'Unauthorized',
          status: 401,
          detail: 'A valid `api-key` header is required.',
          instance: '/api/v1/social-selling/like',
        });
      }
      expect(await drainQueue(sqs, jobsQueueUrl, 0)).toHaveLength(0);
    });

    it('stops accepting a revoked key once the cache entry ends', async () => {
      const { authenticate } = await import('../../../lib/auth/authenticate');
      const other = await createTestWorkspace(db, { accounts: 1 });
      const cache = new ApiKeyCache(60_000);
      await authenticate(other.apiKey, db, cache, 0);
      await revokeApiKey(db, other.workspaceId, other.keyId, new Date());

      await expect(authenticate(other.apiKey, db, cache, 59_000)).resolves.toMatchObject({ workspaceId: other.workspaceId });
      await expect(authenticate(other.apiKey, db, cache, 60_001)).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('bad input gets a precise 4xx and enqueues nothing', () => {
    it.each([
      ['a non-JSON content type', { 'content-type': 'text/plain' }, undefined, 415, 'unsupported-media-type'],
      ['malformed JSON', {}, '{"url": ', 400, 'malformed-json'],
      ['a body past 64 KiB', {}, JSON.stringify({ ...validBody, pad: 'x'.repeat(70_000) }), 413, 'body-too-large'],
    ])('%s', async (_name, headers, rawBody, status, slug) => {
      const result = await likeEndpoint()(post({ 'api-key': ws.apiKey, ...headers }, validBody, rawBody));

      expect(result.statusCode).toBe(status);
      expect(result.headers['content-type']).toBe('application/problem+json');
      expect(parse(result).type).toBe(`/problems/${slug}`);
    });

    it('names every bad field', async () => {
      const result = await likeEndpoint()(
        post({ 'api-key': ws.apiKey }, { url: 'https://example.com/x', groups: [], reactionType: 'wow', more: 1 }),
      );
      const body = parse(result);

      expect(result.statusCode).toBe(400);
      expect(body.type).toBe('/problems/validation-failed');
      expect((body.errors as Array<{ path: string }>).map((e) => e.path)).toEqual(['url', 'groups', 'reactionType', 'more']);
    });

    it('answers 422 naming each unknown group, and each group without an active account', async () => {
      const unknown = parse(await likeEndpoint()(post({ 'api-key': ws.apiKey }, { ...validBody, groups: ['sales', 'nope', 'Ghosts'] })));
      const empty = parse(await likeEndpoint()(post({ 'api-key': ws.apiKey }, { ...validBody, groups: ['empty'] })));

      expect(unknown).toMatchObject({ status: 422, type: '/problems/unknown-groups' });
      expect(unknown.errors).toEqual([
        { path: 'groups.1', message: 'the workspace has no group named "nope"' },
        { path: 'groups.2', message: 'the workspace has no group named "Ghosts"' },
      ]);
      expect(empty).toMatchObject({
        status: 422,
        type: '/problems/groups-without-accounts',
        errors: [{ path: 'groups.0', message: 'group "empty" has no active account' }],
      });
    });

    afterEach(async () => {
      expect(await drainQueue(sqs, jobsQueueUrl, 0)).toHaveLength(0);
    });
  });

  it("never lets one workspace's key reach another's groups", async () => {
    const other = await createTestWorkspace(db, { accounts: 1, groups: { 'other-team': [0] } });

    const result = await likeEndpoint()(post({ 'api-key': ws.apiKey }, { ...validBody, groups: ['other-team'] }));

    expect(result.statusCode).toBe(422);
    expect(await jobsOf(other.workspaceId)).toHaveLength(0);
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for the same key and body, and runs the request once', async () => {
      const headers = { 'api-key': ws.apiKey, 'idempotency-key': `k-${Date.now()}` };

      const first = await likeEndpoint()(post(headers));
      const second = await likeEndpoint()(post(headers));

      expect(second.statusCode).toBe(202);
      expect(parse(second)).toEqual(parse(first));
      expect(second.headers.location).toBe(first.headers.location);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await drainQueue(sqs, jobsQueueUrl)).toHaveLength(1);
    });

    it('answers 422 for the same key with another body', async () => {
      const headers = { 'api-key': ws.apiKey, 'idempotency-key': `k2-${Date.now()}` };
      await likeEndpoint()(post(headers));

      const result = await likeEndpoint()(post(headers, { ...validBody, reactionType: 'love' }));

      expect(result.statusCode).toBe(422);
      expect(parse(result).type).toBe('/problems/idempotency-key-reused');
    });

    it('answers 409 while the first request is still running', async () => {
      const key = `k3-${Date.now()}`;
      const sha = (s: string) => createHash('sha256').update(s).digest('hex');
      const fingerprint = sha(requestFingerprint(like, {}, validBody));
      await claimIdempotencyKey(db, ws.workspaceId, sha(key), fingerprint, new Date(), { ttlSeconds: 60, lockSeconds: 60 });

      const result = await likeEndpoint()(post({ 'api-key': ws.apiKey, 'idempotency-key': key }));

      expect(result.statusCode).toBe(409);
      expect(parse(result).type).toBe('/problems/idempotency-request-in-progress');
    });

    it('refuses a malformed key with 400 naming the header', async () => {
      const result = await likeEndpoint()(post({ 'api-key': ws.apiKey, 'idempotency-key': 'has space' }));

      expect(result.statusCode).toBe(400);
      expect(parse(result).errors).toEqual([{ path: 'headers.idempotency-key', message: 'must be 1 to 255 visible ASCII characters' }]);
    });
  });

  describe('when a dependency fails', () => {
    it('answers 503 with Retry-After and leaves no job when the enqueue fails; a retry with the same key then works', async () => {
      const target = await createTestWorkspace(db, { accounts: 1 });
      const headers = { 'api-key': target.apiKey, 'idempotency-key': `k4-${Date.now()}` };
      const missingQueue = jobsQueueUrl.replace(/[^/]+$/, 'no-such-queue');

      const failed = await likeEndpoint({ queueUrl: missingQueue })(post(headers));
      const jobsAfterFailure = await jobsOf(target.workspaceId);
      const retried = await likeEndpoint()(post(headers));

      expect(failed.statusCode).toBe(503);
      expect(failed.headers['retry-after']).toBe('5');
      expect(parse(failed).type).toBe('/problems/service-unavailable');
      expect(jobsAfterFailure).toHaveLength(0);
      expect(retried.statusCode).toBe(202);
      expect(await jobsOf(target.workspaceId)).toHaveLength(1);
    });

    it('answers 503 when DynamoDB cannot be reached', async () => {
      const unreachable = {
        client: DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: 'http://127.0.0.1:9', maxAttempts: 1 })),
        table: db.table,
      };
      const endpoint = httpEndpoint({
        route: like,
        db: unreachable,
        handle: async () => {
          throw new Error('refused before the use case');
        },
      });

      const result = await endpoint(post({ 'api-key': generateApiKey().key }));

      expect(result.statusCode).toBe(503);
      expect(result.headers['retry-after']).toBeDefined();
    });

    it('answers an unexpected error with an opaque 500 naming the request id', async () => {
      const endpoint = httpEndpoint({
        route: like,
        db,
        handle: () => Promise.reject(new TypeError('secret internals at line 42')),
      });

      const result = await endpoint(post({ 'api-key': ws.apiKey }));
      const body = parse(result);

      expect(result.statusCode).toBe(500);
      expect(body.requestId).toBe(result.headers['x-request-id']);
      expect(JSON.stringify(body)).not.toContain('internals');
    });
  });

  it('logs one structured line per request, with route, status, latency and workspace, and never the api key', async () => {
    const lines: string[] = [];
    const level = logger.getLevelName();
    logger.setLogLevel('INFO');
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await likeEndpoint()(post({ 'api-key': ws.apiKey }));
      await likeEndpoint()(post({ 'api-key': `${ws.apiKey}x` }));
    } finally {
      write.mockRestore();
      logger.setLogLevel(level);
    }

    const records = lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.message === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 'INFO',
        route,
        status: 202,
        workspaceId: ws.workspaceId,
        requestId: expect.any(String),
        latencyMs: expect.any(Number),
      }),
      expect.objectContaining({ level: 'INFO', route, status: 401 }),
    ]);
    expect(lines.join('')).not.toContain(ws.apiKey);
  });

  it("accepts a like whatever its accounts' backlogs; the planner leaves out an account whose backlog is full, saying so, and fails a job left with none", async () => {
    const busy = await createTestWorkspace(db, { accounts: 2, groups: { sales: [0, 1], first: [0] } });
    const [full, free] = busy.accounts;
    // The first account has two actions waiting: its limit here.
    for (let i = 0; i < 2; i++) await transactWrite(db, [backlogItem(db, busy.workspaceId, full!.accountId, 1)]);
    const actionsQueueUrl = await createTestQueue(sqs, 'like-endpoint-actions');
    const planDeps = {
      db,
      sqs,
      jobsQueueUrl,
      actionsQueueUrl,
      accountBacklogLimit: 2,
      defaultPacingWindowSeconds: 0,
      approvalExpirySeconds: 3600,
    };
    const accept = async (groups: string[]) => {
      const result = await likeEndpoint({ accountBacklogLimit: 2 })(post({ 'api-key': busy.apiKey }, { ...validBody, groups }));
      // The request reads no backlog: it counts the groups' accounts, and the planner decides.
      expect(result.statusCode).toBe(202);
      const [message] = await drainQueue(sqs, jobsQueueUrl);
      await planJob(planDeps, planJobMessageSchema.parse(message?.json));
      return (await getJob(db, busy.workspaceId, parse(result).jobId as string))!;
    };

    const partly = await accept(['sales']);
    expect(partly).toMatchObject({
      status: 'running',
      total: 1,
      remaining: 1,
      warnings: [
        expect.stringMatching(
          new RegExp(
            `1 account\\(s\\) of the groups were left out of this job, each has as much work waiting as it may \\(2 actions\\): ${full!.accountId}`,
          ),
        ),
      ],
    });
    expect((await drainQueue(sqs, actionsQueueUrl)).map((m) => (m.json as { accountId: string }).accountId)).toEqual([free!.accountId]);

    const none = await accept(['first']);
    expect(none).toMatchObject({ status: 'failed', failureReason: 'no_accounts_to_act', total: 0 });
    expect(await drainQueue(sqs, actionsQueueUrl, 0)).toEqual([]);
  });
});
