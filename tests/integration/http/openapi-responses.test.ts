import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { Json } from '../../../lib/openapi/build-document';
import { routeOf as operationOf } from '../../helpers/routes';
import { responseBodies } from '../../../lib/schemas/responses/response-bodies';
import { responsesOf } from '../../../lib/openapi/standard-responses';
import { problemSchema, validationProblemSchema } from '../../../lib/schemas/responses/problem';
import { createTestWorkspace, samplePostUrl, testDb } from '../../helpers/factories';
import type { TestWorkspace } from '../../helpers/factories';
import type { ApiResponse } from '../../helpers/http-client';
import { api, eventually } from '../../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../../helpers/jobs';
import { WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Real answers of the service, over HTTP through the local stack, against the document: each
 * status is documented for its operation, each body validates against the documented (strict)
 * response schema, and documented headers are there. A field the API sends but the document does
 * not know fails here.
 */
const db = testDb();
const salesCall = JSON.parse(readFileSync(join(__dirname, '../../fixtures/transcripts/sales-call.json'), 'utf8')) as Record<
  string,
  unknown
>;
let ws: TestWorkspace;
let receiver: WebhookReceiver;

/** Checks `response` against what the document says `route` answers with its status; returns the body. */
function expectDocumented(route: string, response: ApiResponse): Record<string, unknown> {
  const operation = operationOf(route);
  expect(operation).toBeDefined();
  const documented = responsesOf(operation!)[response.status];
  expect({ route, status: response.status, documented: documented !== undefined }).toEqual({
    route,
    status: response.status,
    documented: true,
  });
  for (const header of documented!.headers ?? []) {
    if (header !== 'Idempotent-Replayed')
      expect({ route, header, present: response.headers.has(header) }).toEqual({ route, header, present: true });
  }
  if (documented!.json) {
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const parsed = z.safeParse(responseBodies[documented!.json], response.body);
    expect({ route, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ route, issues: [] });
  } else if (documented!.problems) {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const schema = documented!.problems.every((slug) => slug === 'validation-failed') ? validationProblemSchema : problemSchema;
    const parsed = schema.safeParse(response.body);
    expect({ route, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ route, issues: [] });
    expect(documented!.problems.map((slug) => `/problems/${slug}`)).toContain(response.body.type);
  }
  return response.body;
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  ws = await createTestWorkspace(db, { accounts: 1 });
});
afterAll(() => receiver.stop());

describe('real answers match the OpenAPI document', () => {
  it('like: 202 job accepted, then the job view', async () => {
    const as = { apiKey: ws.apiKey };
    const accepted = await api('POST', '/api/v1/social-selling/like', {
      ...as,
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    });
    const job = expectDocumented('POST /api/v1/social-selling/like', accepted);

    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('location')).toBe(`/api/v1/jobs/${String(job.jobId)}`);
    await jobInStatus(ws.apiKey, String(accepted.headers.get('location')), finalJobStatuses);
    const view = await api('GET', `/api/v1/jobs/${String(job.jobId)}`, as);
    expect(view.status).toBe(200);
    expectDocumented('GET /api/v1/jobs/{jobId}', view);
  });

  it('transcripts: 202 added, 200 resent, the transcript analysed, and the list', async () => {
    const as = { apiKey: ws.apiKey };
    const body = { ...salesCall, call_id: `${ws.workspaceId}-openapi` };
    const added = await api('POST', '/api/v1/transcript/add', { ...as, body });
    expect(added.status).toBe(202);
    expectDocumented('POST /api/v1/transcript/add', added);
    expectDocumented('POST /api/v1/transcript/add', await api('POST', '/api/v1/transcript/add', { ...as, body }));

    const analysed = await eventually(async () => {
      const response = await api('GET', `/api/v1/transcript/${body.call_id}`, as);
      return response.body.status === 'analysed' ? response : undefined;
    });
    expect((analysed.body.ideas as unknown[]).length).toBeGreaterThan(0);
    expectDocumented('GET /api/v1/transcript/{call_id}', analysed);
    const list = await api('GET', '/api/v1/transcripts?limit=1', as);
    expect(list.status).toBe(200);
    expectDocumented('GET /api/v1/transcripts', list);
  });

  it('webhooks: created with its secret, listed, read, tested, rotated, and its deliveries', async () => {
    const as = { apiKey: ws.apiKey };
    const created = await api('POST', '/api/v1/webhooks', {
      ...as,
      body: { url: receiver.url('/openapi'), events: ['lead.replied'], description: 'docs' },
    });
    expect(created.status).toBe(201);
    const webhookId = String(expectDocumented('POST /api/v1/webhooks', created).webhookId);
    expect(created.body.secret).toMatch(/^whsec_/);

    expectDocumented('GET /api/v1/webhooks', await api('GET', '/api/v1/webhooks', as));
    expectDocumented('GET /api/v1/webhooks/{webhookId}', await api('GET', `/api/v1/webhooks/${webhookId}`, as));
    expectDocumented('POST /api/v1/webhooks/{webhookId}/test', await api('POST', `/api/v1/webhooks/${webhookId}/test`, as));
    const deliveries = await eventually(async () => {
      const response = await api('GET', `/api/v1/webhooks/${webhookId}/deliveries`, as);
      return (response.body.items as Array<{ status: string }>)[0]?.status === 'succeeded' ? response : undefined;
    });
    expectDocumented('GET /api/v1/webhooks/{webhookId}/deliveries', deliveries);
    expectDocumented(
      'POST /api/v1/webhooks/{webhookId}/rotate-secret',
      await api('POST', `/api/v1/webhooks/${webhookId}/rotate-secret`, as),
    );
    expectDocumented(
      'PATCH /api/v1/webhooks/{webhookId}',
      await api('PATCH', `/api/v1/webhooks/${webhookId}`, { ...as, body: { enabled: false } }),
    );
  });

  it('problems: 400 naming fields, 401, 404, 409, 413, 415 and 422', async () => {
    const as = { apiKey: ws.apiKey };
    const like = 'POST /api/v1/social-selling/like';
    const invalid = await api('POST', '/api/v1/social-selling/like', {
      ...as,
      body: { url: 'nope', groups: [], reactionType: 'Like', extra: 1 },
    });
    expect(invalid.status).toBe(400);
    expect((expectDocumented(like, invalid).errors as Array<{ path: string }>).map((error) => error.path).sort()).toEqual([
      'extra',
      'groups',
      'reactionType',
      'url',
    ]);

    // A call id of its own, sent once here: the 409 does not depend on another test having run first.
    const conflicting = { ...salesCall, call_id: `${ws.workspaceId}-openapi-409` };
    expect((await api('POST', '/api/v1/transcript/add', { ...as, body: conflicting })).status).toBe(202);
    const cases: Array<[string, Promise<ApiResponse>, number]> = [
      [like, api('POST', '/api/v1/social-selling/like', { rawBody: '{', headers: { 'content-type': 'application/json' }, ...as }), 400],
      [like, api('POST', '/api/v1/social-selling/like', { body: {} }), 401],
      [
        like,
        api('POST', '/api/v1/social-selling/like', { ...as, rawBody: 'x'.repeat(70_000), headers: { 'content-type': 'application/json' } }),
        413,
      ],
      [like, api('POST', '/api/v1/social-selling/like', { ...as, rawBody: 'url=x', headers: { 'content-type': 'text/plain' } }), 415],
      [
        like,
        api('POST', '/api/v1/social-selling/like', { ...as, body: { url: samplePostUrl, groups: ['nobody'], reactionType: 'like' } }),
        422,
      ],
      ['GET /api/v1/jobs/{jobId}', api('GET', '/api/v1/jobs/job_01KA7W9Q3T5W0R6Y5XG8N2M4C1', as), 404],
      ['GET /api/v1/transcripts', api('GET', '/api/v1/transcripts?limit=0', as), 400],
      ['POST /api/v1/transcript/add', api('POST', '/api/v1/transcript/add', { ...as, body: { ...conflicting, title: 'Another' } }), 409],
    ];
    for (const [route, pending, status] of cases) {
      const response = await pending;
      expect({ route, status: response.status }).toEqual({ route, status });
      expectDocumented(route, response);
    }
  });

  it('health and the document itself', async () => {
    expectDocumented('GET /health', await api('GET', '/health'));
    const document = await api('GET', '/api/v1/openapi.json');
    expect(document.status).toBe(200);
    expect((expectDocumented('GET /api/v1/openapi.json', document) as Json).openapi).toMatch(/^3\.1\./);
  });
});
