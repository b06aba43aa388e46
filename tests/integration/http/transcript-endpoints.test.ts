import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../lib/store/keys';
import { defaultS3 } from '../../../lib/store/s3-client';
import { getTranscript } from '../../../lib/store/transcripts';
import type { AnalyseTranscriptMessage } from '../../../lib/queue/messages';
import { analyseStoredTranscript } from '../../../lib/transcripts/analyse-stored-transcript';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, testDb, testSqs } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * POST /api/v1/transcript/add, GET /api/v1/transcript/{call_id} and GET /api/v1/transcripts
 * through their deployed handlers, against the local DynamoDB, S3 and SQS: the content goes to
 * S3, the message only refers to it, a call id is unique per workspace, and bad input leaves
 * nothing behind.
 */
const db = testDb();
const sqs = testSqs();
const s3 = defaultS3();
const bucket = process.env.TRANSCRIPTS_BUCKET!;
let queueUrl: string;
let ws: TestWorkspace;
let other: TestWorkspace;
let add: HttpHandler;
let get: HttpHandler;
let list: HttpHandler;

beforeAll(async () => {
  queueUrl = await createTestQueue(sqs, 'transcripts');
  add = await loadHandler(() => import('../../../functions/http/add-transcript'), { TRANSCRIPTS_QUEUE_URL: queueUrl });
  get = await loadHandler(() => import('../../../functions/http/get-transcript'), {});
  list = await loadHandler(() => import('../../../functions/http/list-transcripts'), {});
  ws = await createTestWorkspace(db, { accounts: 0, groups: {} });
  other = await createTestWorkspace(db, { accounts: 0, groups: {} });
});

let sequence = 0;
function body(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    title: 'Discovery call with Globex',
    call_id: `call-${Date.now()}-${sequence}`,
    call_start_time: '2026-11-20T15:00:00Z',
    url: 'https://calls.example.com/r/1',
    participants: ['sam@acme-sales.example', 'jane@globex.example'],
    transcript: ['Sam: Thanks for joining.', 'Jane: How long does the Salesforce setup take?'],
    ...overrides,
  };
}

const postAs = (apiKey: string, payload: unknown, rawBody?: string) =>
  add(httpEvent({ method: 'POST', path: '/api/v1/transcript/add', headers: { 'api-key': apiKey }, body: payload, rawBody }));
const post = (payload: unknown, rawBody?: string) => postAs(ws.apiKey, payload, rawBody);
const getAs = (apiKey: string, callId: string) =>
  get(
    httpEvent({ method: 'GET', path: `/api/v1/transcript/${callId}`, headers: { 'api-key': apiKey }, pathParameters: { call_id: callId } }),
  );
function listAs(apiKey: string, query: Record<string, string> = {}) {
  const event = httpEvent({ method: 'GET', path: '/api/v1/transcripts', headers: { 'api-key': apiKey } });
  return list({ ...event, queryStringParameters: query, rawQueryString: new URLSearchParams(query).toString() });
}

/** The keys of the content objects stored under a call id of the workspace. */
async function objectKeysOf(callId: string): Promise<string[]> {
  const { Contents } = await s3.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: `workspaces/${ws.workspaceId}/transcripts/${callId}/` }),
  );
  return (Contents ?? []).map((object) => object.Key!);
}

function expectProblem(result: LambdaHttpResult, status: number, slug: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({ type: `/problems/${slug}`, status });
}

/** A one-speaker segment of `words` words with timestamps, as call recorders send them. */
function segmentOf(words: number, speaker: { name: string; type: string; email: string }, offset = 0) {
  return {
    words: Array.from({ length: words }, (_, i) => ({
      text: `word${i % 50} `,
      startTimestamp: offset + i * 0.4,
      endTimestamp: offset + i * 0.4 + 0.3,
    })),
    speaker,
  };
}

describe('POST /api/v1/transcript/add', () => {
  it('stores the content in S3, records the transcript queued, and enqueues a reference to it (202)', async () => {
    const payload = body();

    const result = await post(payload);

    expect(result.statusCode).toBe(202);
    expect(result.headers.location).toBe(`/api/v1/transcript/${payload.call_id}`);
    expect(bodyOf(result)).toMatchObject({
      callId: payload.call_id,
      title: payload.title,
      callStartTime: '2026-11-20T15:00:00.000Z',
      url: payload.url,
      participants: payload.participants,
      format: 'array',
      status: 'queued',
      links: { self: `/api/v1/transcript/${payload.call_id}` },
    });
    const [message, ...more] = await drainQueue(sqs, queueUrl);
    expect(more).toEqual([]);
    const stored = await getTranscript(db, ws.workspaceId, payload.call_id);
    expect(message!.json).toEqual({
      v: 1,
      workspaceId: ws.workspaceId,
      callId: payload.call_id,
      objectKey: stored!.objectKey,
      contentHash: stored!.contentHash,
    });
    expect(stored!.objectKey).toBe(`workspaces/${ws.workspaceId}/transcripts/${payload.call_id}/${stored!.contentHash}.json`);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: stored!.objectKey }));
    expect(JSON.parse(await object.Body!.transformToString())).toEqual({
      ...payload,
      call_start_time: '2026-11-20T15:00:00.000Z',
      format: 'array',
    });
  });

  it('answers the same call id with the same content 200 with the transcript, and queues a transcript still queued again (its message may be lost)', async () => {
    const payload = body();
    await post(payload);
    const [first] = await drainQueue(sqs, queueUrl);

    const again = await post({ ...payload, format: 'array', participants: payload.participants.map((p) => p.toUpperCase()) });

    expect(again.statusCode).toBe(200);
    expect(bodyOf(again)).toMatchObject({ callId: payload.call_id, status: 'queued' });
    // Still queued: its first message may never have gone out (enqueue and removal both failed), so
    // the resend queues it again; a duplicate analysis is refused by the worker (one run at a time).
    const requeued = await drainQueue(sqs, queueUrl, 0);
    expect(requeued.map((m) => m.json)).toEqual([first!.json]);
    // The resend rewrote the one object its content is keyed by, which the record still names.
    expect(await objectKeysOf(payload.call_id)).toEqual([(await getTranscript(db, ws.workspaceId, payload.call_id))!.objectKey]);

    // Being analysed, a resend queues nothing more.
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.transcript(ws.workspaceId, payload.call_id),
        UpdateExpression: 'SET #s = :a',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':a': 'analysing' },
      }),
    );
    const during = await post(payload);
    expect(during.statusCode).toBe(200);
    expect(await drainQueue(sqs, queueUrl, 0)).toEqual([]);
  });

  it('answers the same content of an analysed transcript 200, and enqueues nothing more', async () => {
    const payload = body();
    await post(payload);
    const [message] = await drainQueue(sqs, queueUrl);
    await analyseStoredTranscript({ db, s3, bucket, analyser: { name: 'embedded' } }, message!.json as AnalyseTranscriptMessage);

    const again = await post(payload);

    expect(again.statusCode).toBe(200);
    expect(bodyOf(again)).toMatchObject({ callId: payload.call_id, status: 'analysed' });
    expect(await drainQueue(sqs, queueUrl, 0)).toEqual([]);
  });

  it('answers the same call id with other content 409, keeping the first and nothing of the second', async () => {
    const payload = body();
    await post(payload);
    await drainQueue(sqs, queueUrl);

    const changed = await post({ ...payload, title: 'Another call' });

    expectProblem(changed, 409, 'transcript-exists');
    expect(bodyOf(changed).detail).toContain(`call_id "${payload.call_id}" already holds a different transcript`);
    const kept = (await getTranscript(db, ws.workspaceId, payload.call_id))!;
    expect(kept.title).toBe(payload.title);
    expect(await drainQueue(sqs, queueUrl, 0)).toEqual([]);
    expect(await objectKeysOf(payload.call_id)).toEqual([kept.objectKey]);
  });

  it('accepts a speaker.type other than internal or external (202), saying so in one warning, in the resend (200) too', async () => {
    const payload = body({
      transcript: [
        segmentOf(3, { name: 'Sam Seller', type: 'host', email: 'sam@acme-sales.example' }),
        segmentOf(3, { name: 'Jane Doe', type: 'guest', email: 'jane@globex.example' }, 2),
        segmentOf(3, { name: 'Sam Seller', type: 'host', email: 'sam@acme-sales.example' }, 4),
      ],
    });
    const warning =
      'speaker.type "host", "guest" are neither internal nor external, so they state no side: ' +
      "those speakers' sides are told from their email and the participants, else they are unknown.";

    const accepted = await post(payload);
    const resent = await post(payload);

    expect(accepted.statusCode).toBe(202);
    expect(bodyOf(accepted)).toMatchObject({ callId: payload.call_id, status: 'queued', warnings: [warning] });
    expect(resent.statusCode).toBe(200);
    expect(bodyOf(resent).warnings).toEqual([warning]);
    await drainQueue(sqs, queueUrl);
  });

  it('gives no warnings when there is nothing to say', async () => {
    const result = await post(body());

    expect(result.statusCode).toBe(202);
    expect(bodyOf(result)).not.toHaveProperty('warnings');
    await drainQueue(sqs, queueUrl);
  });

  it('lets another workspace use the same call id', async () => {
    const payload = body();
    await post(payload);

    const result = await postAs(other.apiKey, { ...payload, title: 'Theirs' });

    expect(result.statusCode).toBe(202);
    await drainQueue(sqs, queueUrl);
  });

  it('accepts a body of several MB (a long call with word timestamps): the message still only refers to it', async () => {
    const sam = { name: 'Sam Seller', type: 'internal' as const, email: 'sam@acme-sales.example' };
    const payload = body({ transcript: Array.from({ length: 70 }, (_, i) => segmentOf(1000, sam, i * 400)) });
    const raw = JSON.stringify(payload);
    expect(raw.length).toBeGreaterThan(4_000_000);

    const result = await post(undefined, raw);

    expect(result.statusCode).toBe(202);
    const [message] = await drainQueue(sqs, queueUrl);
    expect(message!.Body!.length).toBeLessThan(1024);
    const stored = await getTranscript(db, ws.workspaceId, payload.call_id as string);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: stored!.objectKey }));
    expect(head.ContentLength).toBe(stored!.sizeBytes);
    expect(stored!.sizeBytes).toBeGreaterThan(4_000_000);
  });

  it('refuses a body past 5 MiB with 413, naming the limit, and keeps nothing', async () => {
    const raw = JSON.stringify(body({ format: 'plaintext', transcript: 'x'.repeat(5 * 1024 * 1024) }));

    const result = await post(undefined, raw);

    expectProblem(result, 413, 'body-too-large');
    expect(bodyOf(result)).toMatchObject({ limitBytes: 5 * 1024 * 1024 });
    expect(await drainQueue(sqs, queueUrl, 0)).toEqual([]);
  });

  it('refuses bad input with a 400 naming each field, and keeps nothing', async () => {
    const payload = body({ format: 'plaintext', participants: ['jane'], call_start_time: '2026-02-30T10:00:00Z' });

    const result = await post(payload);

    expectProblem(result, 400, 'validation-failed');
    expect(fieldErrorsOf(result)).toEqual([
      { path: 'call_start_time', message: 'must be a real date and time (from 1970 on)' },
      { path: 'participants.0', message: 'must be a valid email address' },
    ]);
    expect(await getTranscript(db, ws.workspaceId, payload.call_id as string)).toBeUndefined();
    expect(await drainQueue(sqs, queueUrl, 0)).toEqual([]);
  });

  it.each([
    ['not JSON', '{"title": ', 400, 'malformed-json'],
    ['a JSON array', '[]', 400, 'validation-failed'],
    ['JSON null', 'null', 400, 'validation-failed'],
  ])('refuses %s', async (_what, raw, status, slug) => {
    expectProblem(await post(undefined, raw), status, slug);
  });

  it('answers 503 and keeps no transcript when the analysis cannot be queued; the same request later succeeds', async () => {
    const broken = await loadHandler(() => import('../../../functions/http/add-transcript'), {
      TRANSCRIPTS_QUEUE_URL: `${queueUrl}-missing`,
    });
    const payload = body();

    const refused = await broken(
      httpEvent({ method: 'POST', path: '/api/v1/transcript/add', headers: { 'api-key': ws.apiKey }, body: payload }),
    );

    expectProblem(refused, 503, 'service-unavailable');
    expect(refused.headers['retry-after']).toBe('5');
    expect(await getTranscript(db, ws.workspaceId, payload.call_id)).toBeUndefined();
    expect((await post(payload)).statusCode).toBe(202);
    await drainQueue(sqs, queueUrl);
  });

  it('needs an api key', async () => {
    expectProblem(await postAs('wsk_nope', body()), 401, 'unauthorized');
  });
});

describe('GET /api/v1/transcript/{call_id}', () => {
  it('shows the workspace its transcript', async () => {
    const payload = body({ call_id: `zoom:${Date.now()}@x+y=` });
    await post(payload);
    await drainQueue(sqs, queueUrl);

    const result = await getAs(ws.apiKey, payload.call_id as string);

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ callId: payload.call_id, status: 'queued', title: payload.title });
    expect(bodyOf(await getAs(ws.apiKey, encodeURIComponent(payload.call_id as string)))).toMatchObject({ callId: payload.call_id });
  });

  it('shows, once analysed, the warnings of the request and of the metrics: a speaker type that states no side, timestamps over part of the call', async () => {
    const payload = body({
      transcript: [
        'Jane: Our reps waste hours every week copying call notes into spreadsheets by hand.',
        segmentOf(2, { name: 'Sam Seller', type: 'host', email: 'sam@acme-sales.example' }, 10),
      ],
    });
    await post(payload);
    const [message] = await drainQueue(sqs, queueUrl);
    await analyseStoredTranscript({ db, s3, bucket, analyser: { name: 'embedded' } }, message!.json as AnalyseTranscriptMessage);

    const result = await getAs(ws.apiKey, payload.call_id);

    expect(result.statusCode).toBe(200);
    const shown = bodyOf(result);
    expect(shown).toMatchObject({
      status: 'analysed',
      metrics: { durationSource: 'partial_timestamps', timedShare: 0.133, durationSeconds: 5.9 },
    });
    expect(shown.warnings).toEqual([
      expect.stringMatching(/^speaker\.type "host" is neither internal nor external/),
      expect.stringMatching(/^Timestamps cover only part of the call \(13\.3% of its words/),
    ]);
  });

  it("answers 404 for another workspace's call id, an unknown one and one that cannot exist", async () => {
    const payload = body();
    await post(payload);
    await drainQueue(sqs, queueUrl);

    expectProblem(await getAs(other.apiKey, payload.call_id), 404, 'not-found');
    expectProblem(await getAs(ws.apiKey, 'never-sent'), 404, 'not-found');
    expectProblem(await getAs(ws.apiKey, '..%2F..%2Fetc'), 404, 'not-found');
  });
});

describe('GET /api/v1/transcripts', () => {
  it('lists the workspace transcripts newest call first, page by page', async () => {
    const mine = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const times = ['2026-11-01T09:00:00Z', '2026-11-03T09:00:00Z', '2026-11-02T09:00:00Z', '2026-11-04T09:00:00Z', '2026-11-05T09:00:00Z'];
    const ids: string[] = [];
    for (const time of times) {
      const payload = body({ call_start_time: time });
      ids.push(payload.call_id);
      expect((await postAs(mine.apiKey, payload)).statusCode).toBe(202);
    }
    await drainQueue(sqs, queueUrl);
    const newestFirst = [ids[4], ids[3], ids[1], ids[2], ids[0]];

    const first = bodyOf(await listAs(mine.apiKey, { limit: '2' }));
    const second = bodyOf(await listAs(mine.apiKey, { limit: '2', cursor: first.nextCursor as string }));
    const third = bodyOf(await listAs(mine.apiKey, { limit: '2', cursor: second.nextCursor as string }));

    const idsOf = (page: Record<string, unknown>) => (page.items as Array<{ callId: string }>).map((item) => item.callId);
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(newestFirst);
    expect(third.nextCursor).toBeUndefined();
    expect((first.links as { next: string }).next).toBe(`/api/v1/transcripts?limit=2&cursor=${first.nextCursor as string}`);
    expect((first.items as Array<Record<string, unknown>>)[0]).toMatchObject({
      status: 'queued',
      title: 'Discovery call with Globex',
      links: { self: `/api/v1/transcript/${ids[4]}` },
    });
    expect(bodyOf(await listAs(other.apiKey)).items).not.toContainEqual(expect.objectContaining({ callId: ids[0] }));
  });

  it("pages on when DynamoDB's 1 MB page ends before the limit (transcripts with many participants)", async () => {
    const crowded = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const domain = `${'x'.repeat(60)}.${'y'.repeat(60)}.${'z'.repeat(60)}.com`;
    const participants = Array.from({ length: 500 }, (_, i) => `${String(i).padStart(3, '0')}${'p'.repeat(58)}@${domain}`);
    for (let i = 0; i < 10; i++) expect((await postAs(crowded.apiKey, body({ participants }))).statusCode).toBe(202);
    await drainQueue(sqs, queueUrl);

    const first = bodyOf(await listAs(crowded.apiKey, { limit: '20' }));
    const seen = (first.items as unknown[]).length;
    const rest = bodyOf(await listAs(crowded.apiKey, { limit: '20', cursor: first.nextCursor as string }));

    expect(seen).toBeLessThan(10);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(seen + (rest.items as unknown[]).length).toBe(10);
  });

  it('refuses a bad limit or cursor, naming the parameter', async () => {
    const badLimit = await listAs(ws.apiKey, { limit: '0' });
    const badCursor = await listAs(ws.apiKey, { cursor: 'not-a-cursor' });

    expectProblem(badLimit, 400, 'validation-failed');
    expect(fieldErrorsOf(badLimit)).toEqual([{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }]);
    expect(fieldErrorsOf(badCursor)).toEqual([
      { path: 'query.cursor', message: 'is not a cursor this API gave (use links.next of the previous page)' },
    ]);
  });
});
