import { createHash } from 'node:crypto';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { issueApiKey } from '../../../lib/admin/workspace-admin';
import { generateApiKey } from '../../../lib/auth/api-key';
import { ApiKeyCache, authenticate } from '../../../lib/auth/authenticate';
import { UnauthorizedError } from '../../../lib/errors';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { httpEndpoint } from '../../../lib/http/endpoint';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { revokeApiKey } from '../../../lib/store/api-keys';
import type { Db } from '../../../lib/store/client';
import { createDocumentClient } from '../../../lib/store/client';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { loadHandler } from './load-handler';

/**
 * Guessing api keys gains nothing: every key that does not open a workspace gets the same 401,
 * byte for byte, and a well-formed key that is unknown walks the same path as a revoked one (one
 * read by the key's SHA-256), so neither the answer nor the work done tells them apart.
 */
const db = testDb();
const sqs = testSqs();
let jobsQueueUrl: string;
let a: TestWorkspace;
let b: TestWorkspace;
let revokedOfA: string;
let revokedOfB: string;

async function revokedKeyOf(ws: TestWorkspace): Promise<string> {
  const issued = await issueApiKey(db, ws.workspaceId, 'to revoke');
  await revokeApiKey(db, ws.workspaceId, issued.keyId, new Date());
  return issued.key;
}

/** The same key with another checksum (still 6 base62 characters). */
function withWrongChecksum(key: string): string {
  const checksum = key.slice(-6);
  return `${key.slice(0, -6)}${checksum === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
}

/** Every kind of key that must not open a workspace: [what it is, the header (undefined: none)]. */
function badKeys(): Array<[string, string | undefined]> {
  return [
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['malformed', 'not-a-key'],
    ['of the right shape with a wrong checksum', withWrongChecksum(generateApiKey().key)],
    ["a valid key's body with a wrong checksum", withWrongChecksum(a.apiKey)],
    ['a valid key with one character more', `${a.apiKey}x`],
    ['well-formed and unknown', generateApiKey().key],
    ['revoked', revokedOfA],
    ["another workspace's revoked", revokedOfB],
  ];
}

/** A Db over the test table that records every command it sends (and sends it for real). */
function recordingDb(): { db: Db; calls: Array<{ command: string; input: unknown }> } {
  const client = createDocumentClient();
  const calls: Array<{ command: string; input: unknown }> = [];
  const send = client.send.bind(client);
  jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: unknown }) => {
    calls.push({ command: command.constructor.name, input: command.input });
    return send(command as never);
  }) as typeof client.send);
  return { db: { client, table: db.table }, calls };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'api-key-guessing');
  a = await createTestWorkspace(db, { accounts: 1 });
  b = await createTestWorkspace(db, { accounts: 1 });
  revokedOfA = await revokedKeyOf(a);
  revokedOfB = await revokedKeyOf(b);
});
afterAll(() => drainQueue(sqs, jobsQueueUrl, 0));

describe('a key that does not open a workspace', () => {
  /** The answer without what differs per request: the request id (header, and its value in the body). */
  const comparable = (result: LambdaHttpResult) => {
    const { 'x-request-id': requestId, ...headers } = result.headers;
    return { statusCode: result.statusCode, headers, body: String(result.body).replace(requestId!, '<request id>') };
  };

  it.each([
    [
      'POST /api/v1/social-selling/like',
      () => import('../../../functions/http/like'),
      { method: 'POST', path: '/api/v1/social-selling/like', body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' } },
    ],
    [
      'GET /api/v1/jobs/{jobId}',
      () => import('../../../functions/http/get-job'),
      { method: 'GET', path: '/api/v1/jobs/job_x', pathParameters: { jobId: 'job_x' } },
    ],
  ] as const)('gets a byte-identical 401 on %s, whatever is wrong with it, and starts nothing', async (_route, load, request) => {
    const handler: HttpHandler = await loadHandler(load, { JOBS_QUEUE_URL: jobsQueueUrl });

    const answers: Array<[string, ReturnType<typeof comparable>]> = [];
    for (const [what, key] of badKeys()) {
      answers.push([what, comparable(await handler(httpEvent({ ...request, headers: key === undefined ? {} : { 'api-key': key } })))]);
    }

    const [, first] = answers[0]!;
    expect(first.statusCode).toBe(401);
    expect(first.headers).toEqual({
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      'www-authenticate': 'api-key',
    });
    expect(JSON.parse(first.body)).toEqual({
      type: '/problems/unauthorized',
      title: 'Unauthorized',
      status: 401,
      detail: 'A valid `api-key` header is required.',
      instance: request.path,
      requestId: '<request id>',
    });
    for (const [what, answer] of answers) expect([what, answer]).toEqual([what, first]);
    expect(await drainQueue(sqs, jobsQueueUrl, 0)).toEqual([]);
  });

  it('costs an unknown key exactly what it costs a revoked one: one GetItem by its SHA-256, nothing else; a malformed one costs no read', async () => {
    const { db: recording, calls } = recordingDb();
    const endpoint = httpEndpoint({
      route: { method: 'GET', path: '/api/v1/jobs/{jobId}' },
      db: recording,
      handle: () => Promise.reject(new Error('never reached')),
    });

    const cases = badKeys();
    const callsOf: Record<string, unknown[]> = {};
    for (const [what, key] of cases) {
      calls.length = 0;
      const result = await endpoint(
        httpEvent({ method: 'GET', path: '/api/v1/jobs/job_x', headers: key === undefined ? {} : { 'api-key': key } }),
      );
      expect(result.statusCode).toBe(401);
      callsOf[what] = [...calls];
    }

    const lookupOf = (key: string) => [
      { command: 'GetCommand', input: { TableName: db.table, Key: { pk: `APIKEY#${sha256(key)}`, sk: 'APIKEY' } } },
    ];
    const keyOf = (what: string) => cases.find(([name]) => name === what)![1]!;
    expect(callsOf['well-formed and unknown']).toEqual(lookupOf(keyOf('well-formed and unknown')));
    expect(callsOf.revoked).toEqual(lookupOf(revokedOfA));
    expect(callsOf["another workspace's revoked"]).toEqual(lookupOf(revokedOfB));
    // Refused on their shape or checksum alone, which anyone can compute: nothing to learn from the shortcut.
    for (const what of [
      'missing',
      'empty',
      'blank',
      'malformed',
      'of the right shape with a wrong checksum',
      "a valid key's body with a wrong checksum",
      'a valid key with one character more',
    ]) {
      expect([what, callsOf[what]]).toEqual([what, []]);
    }
  });

  it("never poisons a valid key's cache entry: failures are not cached, and do not evict it", async () => {
    const { db: recording, calls } = recordingDb();
    // Room for two entries: were failures cached, these would push the valid key out.
    const cache = new ApiKeyCache(60_000, 2);
    const t0 = Date.now();
    await expect(authenticate(a.apiKey, recording, cache, t0)).resolves.toMatchObject({ workspaceId: a.workspaceId });

    for (const [, key] of badKeys()) await expect(authenticate(key, recording, cache, t0 + 1)).rejects.toBeInstanceOf(UnauthorizedError);
    for (let i = 0; i < 5; i++)
      await expect(authenticate(generateApiKey().key, recording, cache, t0 + 2)).rejects.toBeInstanceOf(UnauthorizedError);
    calls.length = 0;

    await expect(authenticate(a.apiKey, recording, cache, t0 + 3)).resolves.toMatchObject({ workspaceId: a.workspaceId });
    expect(calls).toEqual([]);
  });

  it('caches nothing when the lookup itself fails: the next request reads again and succeeds', async () => {
    const { db: recording, calls } = recordingDb();
    const cache = new ApiKeyCache(60_000);
    // The fault: DynamoDB throttles the first lookup.
    jest
      .mocked(recording.client.send)
      .mockImplementationOnce(() => Promise.reject(new ProvisionedThroughputExceededException({ message: 'throttled', $metadata: {} })));

    await expect(authenticate(b.apiKey, recording, cache)).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);

    await expect(authenticate(b.apiKey, recording, cache)).resolves.toMatchObject({ workspaceId: b.workspaceId });
    expect(calls.map((call) => call.command)).toEqual(['GetCommand']);
  });
});
