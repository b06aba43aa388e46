import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
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
import { bodyOf, fieldErrorsOf, loadHandler } from './load-handler';

/**
 * POST /social-selling/request-comment, /connect and /dm, through their deployed handlers
 * (functions/http) against the local DynamoDB: bad input gets a precise 4xx, and only a valid
 * request records a job and enqueues it.
 */
const db = testDb();
const sqs = testSqs();
let jobsQueueUrl: string;
let ws: TestWorkspace;
let other: TestWorkspace;

const handlers: Partial<Record<'request-comment' | 'connect' | 'dm', HttpHandler>> = {};
const prospect = 'https://www.linkedin.com/in/prospect-jane';
const stranger = 'https://www.linkedin.com/in/nobody-here';
const notAProfileUrl =
  'must be a profile URL of the network, https://www.linkedin.com/in/<id> (with or without www. or a country prefix, a trailing slash or a query)';

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'outreach-endpoints');
  const env = { JOBS_QUEUE_URL: jobsQueueUrl };
  handlers['request-comment'] = await loadHandler(() => import('../../../functions/http/request-comment'), env);
  handlers.connect = await loadHandler(() => import('../../../functions/http/connect'), env);
  handlers.dm = await loadHandler(() => import('../../../functions/http/dm'), env);
  // Accounts 0 and 1 active, 2 paused; `benched` has only the paused one, `empty` none.
  ws = await createTestWorkspace(db, { accounts: [{}, {}, { status: 'paused' }], groups: { sales: [0, 1], empty: [], benched: [2] } });
  other = await createTestWorkspace(db, { accounts: 1 });
});

const jobsOf = (workspaceId: string) => workspaceItems(db, workspaceId, 'JOB#');

function expectProblem(result: LambdaHttpResult, status: number, slug: string): void {
  expect(result.statusCode).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json');
  expect(bodyOf(result)).toMatchObject({ type: `/problems/${slug}`, status });
}

/** The same profile as `url`, as a person might paste it: http, a country host, upper case, a slash and a query. */
function pastedSpelling(url: string): string {
  return `http://FR.linkedin.com/in/${url.slice('https://www.linkedin.com/in/'.length).toUpperCase()}/?trk=profile`;
}

interface EndpointCase {
  name: 'request-comment' | 'connect' | 'dm';
  type: string;
  /** The field naming the workspace's account that acts. */
  actor: 'commentor' | 'user';
  /** A valid body, `actor` being the account's profile URL. */
  valid: (actor: string) => Record<string, unknown>;
  /** A body missing required fields, and the errors naming them. */
  missing: { body: Record<string, unknown>; errors: Array<{ path: string; message: string }> };
  text: { field: string; limit: number; message: string };
}

const cases: EndpointCase[] = [
  {
    name: 'request-comment',
    type: 'comment',
    actor: 'commentor',
    valid: (commentor) => ({ url: samplePostUrl, comment: 'Great point on pipeline hygiene.', commentor }),
    missing: {
      body: { groups: ['sales'] },
      errors: [
        { path: 'url', message: 'is required' },
        { path: 'comment', message: 'is required' },
      ],
    },
    text: { field: 'comment', limit: 1250, message: "must be at most 1250 characters (the network's limit for a comment)" },
  },
  {
    name: 'connect',
    type: 'connect',
    actor: 'user',
    valid: (user) => ({ target: prospect, user, message: 'Hi Jane, glad we met at the fair.', email: 'jane@example.com' }),
    missing: {
      body: {},
      errors: [
        { path: 'target', message: 'is required' },
        { path: 'user', message: 'is required' },
      ],
    },
    text: { field: 'message', limit: 300, message: "must be at most 300 characters (the network's limit for an invitation note)" },
  },
  {
    name: 'dm',
    type: 'dm',
    actor: 'user',
    valid: (user) => ({ target: prospect, user, message: 'Hello Jane,\nthanks for the talk.', get_approved: false }),
    missing: {
      body: { get_approved: true },
      errors: [
        { path: 'target', message: 'is required' },
        { path: 'user', message: 'is required' },
        { path: 'message', message: 'is required' },
      ],
    },
    text: { field: 'message', limit: 8000, message: "must be at most 8000 characters (the network's limit for a message)" },
  },
];

describe.each(cases)('POST /api/v1/social-selling/$name', (endpoint) => {
  const path = `/api/v1/social-selling/${endpoint.name}`;
  const call = (headers: Record<string, string>, body?: unknown, rawBody?: string) =>
    handlers[endpoint.name]!(httpEvent({ method: 'POST', path, headers, body, rawBody }));
  const validBody = () => endpoint.valid(ws.accounts[0]!.profileUrl);

  describe('bad input gets a precise 4xx and enqueues nothing', () => {
    afterEach(async () => {
      expect(await drainQueue(sqs, jobsQueueUrl, 0)).toHaveLength(0);
      expect(await jobsOf(ws.workspaceId)).toHaveLength(0);
    });

    it.each([
      ['no api-key', {}],
      ['a malformed api-key', { 'api-key': 'wsk_not-a-key' }],
    ])('401 with %s', async (_what, headers) => {
      const result = await call(headers, validBody());

      expectProblem(result, 401, 'unauthorized');
      expect(result.headers['www-authenticate']).toBe('api-key');
    });

    it('415 for a body that is not JSON', async () => {
      const result = await call({ 'api-key': ws.apiKey, 'content-type': 'text/plain' }, undefined, 'comment=hi');

      expectProblem(result, 415, 'unsupported-media-type');
      expect(result.headers['accept-post']).toBe('application/json');
    });

    it('400 for malformed JSON', async () => {
      const result = await call({ 'api-key': ws.apiKey }, undefined, '{"user": "https://www.linkedin.com/in/x",');

      expectProblem(result, 400, 'malformed-json');
      expect(bodyOf(result).detail).toMatch(/^The body is not valid JSON: /);
    });

    it('400 for an empty body, on the whole body', async () => {
      const result = await call({ 'api-key': ws.apiKey }, undefined, '  ');

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: '', message: 'the body is empty; a JSON object is expected' }]);
    });

    it('400 naming each missing field', async () => {
      const result = await call({ 'api-key': ws.apiKey }, endpoint.missing.body);

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual(endpoint.missing.errors);
    });

    it('400 for text past the network limit, naming the field and the limit', async () => {
      const result = await call({ 'api-key': ws.apiKey }, { ...validBody(), [endpoint.text.field]: 'x'.repeat(endpoint.text.limit + 1) });

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: endpoint.text.field, message: endpoint.text.message }]);
    });

    it('400 naming each bad field at once: a non-profile URL, control characters, an unknown field', async () => {
      const body = {
        ...validBody(),
        [endpoint.actor]: 'https://www.linkedin.com/company/acme/',
        [endpoint.text.field]: 'Hi\u0007',
        workspace: 'other',
      };

      const result = await call({ 'api-key': ws.apiKey }, body);

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual(
        expect.arrayContaining([
          { path: endpoint.actor, message: notAProfileUrl },
          { path: endpoint.text.field, message: 'must not contain control characters other than line breaks and tabs' },
          { path: 'workspace', message: 'is not a known field' },
        ]),
      );
      expect(fieldErrorsOf(result)).toHaveLength(3);
    });

    it(`422 when ${endpoint.actor} is not an account of the workspace`, async () => {
      const result = await call({ 'api-key': ws.apiKey }, endpoint.valid(stranger));

      expectProblem(result, 422, 'unknown-account');
      expect(fieldErrorsOf(result)).toEqual([
        { path: endpoint.actor, message: `${stranger} is not a connected account of this workspace` },
      ]);
    });

    it(`422 when ${endpoint.actor} is an account of another workspace`, async () => {
      const elsewhere = other.accounts[0]!.profileUrl;

      const result = await call({ 'api-key': ws.apiKey }, endpoint.valid(elsewhere));

      expectProblem(result, 422, 'unknown-account');
      expect(fieldErrorsOf(result)).toEqual([
        { path: endpoint.actor, message: `${elsewhere} is not a connected account of this workspace` },
      ]);
      expect(await jobsOf(other.workspaceId)).toHaveLength(0);
    });

    it(`422 when ${endpoint.actor} is a paused account`, async () => {
      const paused = ws.accounts[2]!.profileUrl;

      const result = await call({ 'api-key': ws.apiKey }, endpoint.valid(paused));

      expectProblem(result, 422, 'unknown-account');
      expect(fieldErrorsOf(result)).toEqual([{ path: endpoint.actor, message: `${paused} is paused` }]);
    });
  });

  it(`202 with a Location for a valid request (${endpoint.actor} as pasted), and enqueues its job`, async () => {
    const fresh = await createTestWorkspace(db, { accounts: 1 });
    const actor = fresh.accounts[0]!;

    const result = await call({ 'api-key': fresh.apiKey }, endpoint.valid(pastedSpelling(actor.profileUrl)));
    const body = bodyOf(result);

    expect(result.statusCode).toBe(202);
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.headers.location).toBe(`/api/v1/jobs/${body.jobId}`);
    expect(body).toMatchObject({ type: endpoint.type, status: 'queued', accounts: 1, links: { self: result.headers.location } });
    const messages = await drainQueue(sqs, jobsQueueUrl);
    expect(messages.map((message) => message.json)).toEqual([{ v: 1, workspaceId: fresh.workspaceId, jobId: body.jobId }]);
    expect(await jobsOf(fresh.workspaceId)).toEqual([expect.objectContaining({ jobId: body.jobId, accountIds: [actor.accountId] })]);
  });

  it('of bad requests and one valid one, enqueues only the valid one', async () => {
    const fresh = await createTestWorkspace(db, { accounts: 1 });
    const valid = endpoint.valid(fresh.accounts[0]!.profileUrl);
    const key = { 'api-key': fresh.apiKey };

    const statuses = [
      (await call({}, valid)).statusCode,
      (await call({ ...key, 'content-type': 'text/plain' }, valid)).statusCode,
      (await call(key, undefined, '{')).statusCode,
      (await call(key, { ...valid, [endpoint.text.field]: 'x'.repeat(endpoint.text.limit + 1) })).statusCode,
      (await call(key, endpoint.valid(stranger))).statusCode,
    ];
    const accepted = await call(key, valid);
    const messages = await drainQueue(sqs, jobsQueueUrl);

    expect(statuses).toEqual([401, 415, 400, 400, 422]);
    expect(accepted.statusCode).toBe(202);
    expect(messages.map((message) => message.json)).toEqual([{ v: 1, workspaceId: fresh.workspaceId, jobId: bodyOf(accepted).jobId }]);
    expect(await jobsOf(fresh.workspaceId)).toHaveLength(1);
  });
});

describe('POST /api/v1/social-selling/request-comment with groups', () => {
  const path = '/api/v1/social-selling/request-comment';
  const call = (body: unknown) =>
    handlers['request-comment']!(httpEvent({ method: 'POST', path, headers: { 'api-key': ws.apiKey }, body }));
  const base = { url: samplePostUrl, comment: 'Great point.' };

  describe('refusals enqueue nothing', () => {
    afterEach(async () => {
      expect(await drainQueue(sqs, jobsQueueUrl, 0)).toHaveLength(0);
      expect(await jobsOf(ws.workspaceId)).toHaveLength(0);
    });

    it('400 on groups when neither groups nor commentor is given', async () => {
      const result = await call(base);

      expectProblem(result, 400, 'validation-failed');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'groups', message: 'groups or commentor is required (at least one of them)' }]);
    });

    it('422 naming each unknown group', async () => {
      const result = await call({ ...base, groups: ['sales', 'nope', 'Ghosts'] });

      expectProblem(result, 422, 'unknown-groups');
      expect(fieldErrorsOf(result)).toEqual([
        { path: 'groups.1', message: 'the workspace has no group named "nope"' },
        { path: 'groups.2', message: 'the workspace has no group named "Ghosts"' },
      ]);
    });

    it('422 naming each group without an active account (none, or only paused ones)', async () => {
      const result = await call({ ...base, groups: ['sales', 'empty', 'benched'] });

      expectProblem(result, 422, 'groups-without-accounts');
      expect(fieldErrorsOf(result)).toEqual([
        { path: 'groups.1', message: 'group "empty" has no active account' },
        { path: 'groups.2', message: 'group "benched" has no active account' },
      ]);
    });

    it('422 naming a commentor who is not an account, even beside valid groups (it is checked, though the groups comment)', async () => {
      const result = await call({ ...base, groups: ['sales'], commentor: stranger });

      expectProblem(result, 422, 'unknown-account');
      expect(fieldErrorsOf(result)).toEqual([{ path: 'commentor', message: `${stranger} is not a connected account of this workspace` }]);
    });

    it("422 for another workspace's group", async () => {
      const team = await createTestWorkspace(db, { accounts: 1, groups: { 'their-team': [0] } });

      const result = await call({ ...base, groups: ['their-team'] });

      expectProblem(result, 422, 'unknown-groups');
      expect(await jobsOf(team.workspaceId)).toHaveLength(0);
    });
  });

  it("202 with groups and a commentor: the groups' accounts comment and the job warns that the commentor was not used", async () => {
    const fresh = await createTestWorkspace(db, { accounts: 3, groups: { sales: [0, 1] } });

    const result = await handlers['request-comment']!(
      httpEvent({
        method: 'POST',
        path,
        headers: { 'api-key': fresh.apiKey },
        body: { ...base, groups: ['Sales'], commentor: fresh.accounts[2]!.profileUrl },
      }),
    );
    const body = bodyOf(result);

    expect(result.statusCode).toBe(202);
    expect(body).toMatchObject({
      type: 'comment',
      accounts: 2,
      warnings: ['commentor was not used: when groups are given, the accounts of the groups comment (spec 2.2).'],
    });
    expect(await drainQueue(sqs, jobsQueueUrl)).toHaveLength(1);
    expect(await jobsOf(fresh.workspaceId)).toEqual([
      // The groups' accounts are counted now and read by the planner, not kept on the job.
      expect.objectContaining({ total: 2, request: expect.objectContaining({ from: 'groups', groups: ['Sales'] }) }),
    ]);
  });
});
