import { routes } from '../../lib/http/routes';
import { createTestWorkspace, testDb, workspaceItems } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { wholeBodyTexts } from '../helpers/arbitraries';
import { api } from '../helpers/http-client';

/**
 * Bodies that are JSON, or nothing, but no object, sent over real HTTP through serverless offline to
 * every route that reads a body. Serverless offline hands some of them to the handler as no string
 * at all (`null` for an empty body and for `null`, the number for `0`), which crashed the body reader
 * (a 500). Each must be a 400 problem+json naming the body (`path: ""`), and start nothing. The exact
 * answers to the bodies API Gateway sends are in tests/unit/lib/http/pipeline-whole-body.test.ts.
 */
const db = testDb();
let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 1, groups: { sales: [0] } });
});

/** The JSON routes that read a body, with a path that reaches the body's validation. */
const JSON_BODY_ROUTES = [
  { route: 'POST /api/v1/social-selling/like', path: '/api/v1/social-selling/like', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/request-comment', path: '/api/v1/social-selling/request-comment', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/connect', path: '/api/v1/social-selling/connect', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/dm', path: '/api/v1/social-selling/dm', auth: 'api-key' },
  { route: 'POST /api/v1/approvals/{approvalId}', path: '/api/v1/approvals/apr_01JD0000000000000000000000', auth: 'api-key' },
  { route: 'POST /api/v1/transcript/add', path: '/api/v1/transcript/add', auth: 'api-key' },
  { route: 'POST /api/v1/webhooks', path: '/api/v1/webhooks', auth: 'api-key' },
  { route: 'PATCH /api/v1/webhooks/{webhookId}', path: '/api/v1/webhooks/wh_01JD0000000000000000000000', auth: 'api-key' },
  { route: 'POST /api/v1/webhooks/unipile', path: '/api/v1/webhooks/unipile', auth: 'webhook-secret' },
] as const;

/** The approval page's form: its errors are pages for a person, not problem+json. */
const FORM_BODY_ROUTE = { route: 'POST /approve/{token}', path: '/approve/AbCdEfGhIjKlMnOpQrStUvWxYz012345' };

/** POST and PATCH routes that read no body (the path names everything). */
const NO_BODY_ROUTES = [
  'POST /api/v1/webhooks/{webhookId}/rotate-secret',
  'POST /api/v1/webhooks/{webhookId}/test',
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
];

function headersFor(auth: 'api-key' | 'webhook-secret'): Record<string, string> {
  const [name, value] = auth === 'api-key' ? ['api-key', ws.apiKey] : ['x-webhook-secret', process.env.UNIPILE_WEBHOOK_SECRET ?? ''];
  return { [name]: value, 'content-type': 'application/json' };
}

describe('a body that is no JSON object', () => {
  it('is tried on every route that can carry one', () => {
    const tried = [...JSON_BODY_ROUTES.map(({ route }) => route), FORM_BODY_ROUTE.route, ...NO_BODY_ROUTES].sort();

    const withBody = routes.filter(({ method }) => method === 'POST' || method === 'PATCH').map(({ method, path }) => `${method} ${path}`);

    expect(tried).toEqual(withBody.sort());
  });

  describe.each(JSON_BODY_ROUTES)('$route', ({ route, path, auth }) => {
    it.each(wholeBodyTexts.map((body) => [JSON.stringify(body), body]))(
      'answers the body %s with a 400 naming the body',
      async (_name, body) => {
        const method = route.split(' ')[0]!;

        const response = await api(method, path, { rawBody: body, headers: headersFor(auth) });

        expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
          status: 400,
          type: 'application/problem+json',
        });
        // Serverless offline hands `"text"` over without its quotes (API Gateway does not): not JSON then.
        expect(response.body).toMatchObject({
          type: expect.stringMatching(/^\/problems\/(validation-failed|malformed-json)$/),
          status: 400,
        });
        expect(response.body.errors).toEqual([{ path: '', message: expect.stringMatching(/JSON object|not valid JSON/) }]);
      },
    );
  });

  it('answers each on the approval page with a page, never a crash', async () => {
    for (const body of wholeBodyTexts) {
      const response = await api('POST', FORM_BODY_ROUTE.path, {
        rawBody: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

      expect({ body, status: response.status, type: response.headers.get('content-type') }).toEqual({
        body,
        status: 404,
        type: expect.stringMatching(/^text\/html/),
      });
    }
  });

  it('started nothing in the workspace', async () => {
    const items = await Promise.all(['JOB#', 'TRANSCRIPT#', 'WEBHOOK#'].map((prefix) => workspaceItems(db, ws.workspaceId, prefix)));

    expect(items.flat()).toEqual([]);
  });
});
