import { allRoutes as routes } from '../../lib/routes/all-routes';
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
/** The workspace's accounts and groups as they were before any request. */
let before: Array<Record<string, unknown>>;
const accountsAndGroups = async () =>
  (await Promise.all(['ACCOUNT#', 'GROUP#'].map((prefix) => workspaceItems(db, ws.workspaceId, prefix)))).flat();
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 1, groups: { sales: [0] } });
  before = await accountsAndGroups();
});

/** A connect link's state of the right form, which no link has. */
const UNKNOWN_STATE = `v1.${'A'.repeat(40)}.${'B'.repeat(43)}`;

/** The JSON routes that read a body, with a path that reaches the body's validation. */
const JSON_BODY_ROUTES = [
  { route: 'POST /api/v1/social-selling/like', path: '/api/v1/social-selling/like', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/request-comment', path: '/api/v1/social-selling/request-comment', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/connect', path: '/api/v1/social-selling/connect', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/dm', path: '/api/v1/social-selling/dm', auth: 'api-key' },
  { route: 'POST /api/v1/social-selling/post', path: '/api/v1/social-selling/post', auth: 'api-key' },
  { route: 'POST /api/v1/approvals/{approvalId}', path: '/api/v1/approvals/apr_01JD0000000000000000000000', auth: 'api-key' },
  { route: 'POST /api/v1/transcript/add', path: '/api/v1/transcript/add', auth: 'api-key' },
  { route: 'POST /api/v1/webhooks', path: '/api/v1/webhooks', auth: 'api-key' },
  { route: 'PATCH /api/v1/webhooks/{webhookId}', path: '/api/v1/webhooks/wh_01JD0000000000000000000000', auth: 'api-key' },
  { route: 'POST /api/v1/webhooks/unipile', path: '/api/v1/webhooks/unipile', auth: 'webhook-secret' },
  { route: 'PATCH /api/v1/accounts/{accountId}', path: '/api/v1/accounts/acc_01JD0000000000000000000000', auth: 'api-key' },
  { route: 'POST /api/v1/accounts/connect-link', path: '/api/v1/accounts/connect-link', auth: 'api-key' },
  { route: 'PATCH /api/v1/workspace', path: '/api/v1/workspace', auth: 'api-key' },
  { route: 'PUT /api/v1/groups/{name}', path: '/api/v1/groups/sales', auth: 'api-key' },
  { route: 'POST /api/v1/groups/{name}/accounts', path: '/api/v1/groups/sales/accounts', auth: 'api-key' },
  // The link's state is its credential: the body is read (and refused) before the state is.
  { route: 'POST /connect/{state}/notify', path: `/connect/${UNKNOWN_STATE}/notify`, auth: 'none' },
] as const;

/** The pages' forms: their errors are pages for a person, not problem+json. */
const FORM_BODY_ROUTES = [
  { route: 'POST /approve/{token}', path: '/approve/AbCdEfGhIjKlMnOpQrStUvWxYz012345' },
  { route: 'POST /connect/{state}', path: `/connect/${UNKNOWN_STATE}` },
];

/** POST, PUT and PATCH routes that read no body (the path names everything). */
const NO_BODY_ROUTES = [
  'POST /api/v1/webhooks/{webhookId}/rotate-secret',
  'POST /api/v1/webhooks/{webhookId}/test',
  'POST /api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend',
  'POST /api/v1/jobs/{jobId}/cancel',
];

function headersFor(auth: 'api-key' | 'webhook-secret' | 'none'): Record<string, string> {
  if (auth === 'none') return { 'content-type': 'application/json' };
  const [name, value] = auth === 'api-key' ? ['api-key', ws.apiKey] : ['x-webhook-secret', process.env.UNIPILE_WEBHOOK_SECRET ?? ''];
  return { [name]: value, 'content-type': 'application/json' };
}

describe('a body that is no JSON object', () => {
  it('is tried on every route that can carry one', () => {
    const tried = [...JSON_BODY_ROUTES.map(({ route }) => route), ...FORM_BODY_ROUTES.map(({ route }) => route), ...NO_BODY_ROUTES].sort();

    const withBody = routes
      .filter(({ method }) => method === 'POST' || method === 'PUT' || method === 'PATCH')
      .map(({ method, path }) => `${method} ${path}`);

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
        // Serverless offline hands `null` over as no body at all: its content-length says it was `null`.
        if (body === 'null') expect(response.body.errors).toEqual([{ path: '', message: 'the body must be a JSON object, not null' }]);
      },
    );
  });

  // A form's fields may be none at all: each body is read, and the unknown token or state is then a 404 page.
  it.each(FORM_BODY_ROUTES)('answers each on $route with a page, never a crash', async ({ path }) => {
    for (const body of wholeBodyTexts) {
      const response = await api('POST', path, {
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

  it('started nothing in the workspace, and changed neither its accounts nor its groups', async () => {
    const items = await Promise.all(['JOB#', 'TRANSCRIPT#', 'WEBHOOK#'].map((prefix) => workspaceItems(db, ws.workspaceId, prefix)));

    expect(items.flat()).toEqual([]);
    expect(await accountsAndGroups()).toEqual(before);
  });
});
