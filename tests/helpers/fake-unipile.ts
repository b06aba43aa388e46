/**
 * A real local HTTP server answering as Unipile's documented v1 API does, for the provider's tests.
 * It checks `X-API-KEY`, records every request, and fails or hangs on demand.
 *
 * Shapes follow developer.unipile.com and the official unipile-node-sdk: "Retrieve a post"
 * (GET /api/v1/posts/{post_id}?account_id=) answers a `Post` with its `social_id`; "Add a reaction"
 * (POST /api/v1/posts/reaction, JSON {account_id, post_id, reaction_type?, comment_id?}) answers
 * 201 {"object":"ReactionAdded"}; errors are `{status, type, title, detail}`. Unipile's exact type for a
 * missing or wrong API key is not documented in what we could read: `errors/missing_credentials` /
 * `errors/invalid_credentials` are our stand-ins, with status 401.
 *
 * Add a route: append to `routes` below (method, path with `:params`, handler returning a reply).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it. `path` is the raw path (not decoded), without the query. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body when the request said `content-type: application/json`. */
  body: unknown;
  rawBody: string;
}

/** A failure to answer instead of the route's normal reply. */
export interface FakeFailure {
  status: number;
  /** Unipile's error type, e.g. `errors/comments_disabled`, `provider/too_many_requests`. */
  type?: string;
  title?: string;
  detail?: string;
  /** `retry-after` header: seconds, or an HTTP date string. */
  retryAfter?: number | string;
  /** Replaces the whole JSON body (e.g. to send something malformed). */
  body?: unknown;
  /** Only requests whose `"METHOD /path"` starts with this; any request when absent. */
  match?: string;
}

/** What `GET /api/v1/posts/{id}` answers for one post id (as written in the URL, decoded). */
export type FakePost = Record<string, unknown> | 'not_found';

export interface FakeUnipile {
  /** Base URL to give the provider as its DSN, e.g. `http://127.0.0.1:40123`. */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Queues one failure: the next matching request gets it (failures are used in order). */
  failNext(failure: FakeFailure): void;
  /** The next matching request never gets an answer (until close): for timeouts. */
  hang(match?: string): void;
  /** Overrides the post answered for one id; `'not_found'` makes it answer 404. */
  setPost(postId: string, post: FakePost): void;
  close(): Promise<void>;
}

/** A post id the fake always answers 404 for. */
export const MISSING_POST_ID = '7000000000000000404';

const reactionTypes = ['like', 'celebrate', 'support', 'love', 'insightful', 'funny'];

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface RouteContext {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  posts: Map<string, FakePost>;
}

interface Route {
  method: string;
  path: string;
  handle(ctx: RouteContext): Reply;
}

const routes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/posts/reaction',
    handle({ body }) {
      const problem = invalidReaction(body);
      if (problem) return error(400, 'errors/invalid_parameters', 'Invalid parameters', problem);
      return { status: 201, body: { object: 'ReactionAdded' } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/posts/:post_id',
    handle({ params, query, posts }) {
      if (!query.account_id) return error(400, 'errors/invalid_parameters', 'Invalid parameters', 'account_id is required.');
      const postId = params.post_id ?? '';
      const post = posts.get(postId) ?? (postId === MISSING_POST_ID ? 'not_found' : defaultPost(postId));
      if (post === 'not_found') {
        return error(404, 'errors/resource_not_found', 'Resource not found.', `Post ${postId} could not be found.`);
      }
      return { status: 200, body: post };
    },
  },
];

/** Unipile's post object, trimmed to what matters here; `social_id` is the URN actions need. */
function defaultPost(postId: string): Record<string, unknown> {
  const socialId = /^\d+$/.test(postId) ? `urn:li:activity:${postId}` : postId;
  return {
    object: 'Post',
    provider: 'LINKEDIN',
    id: socialId.split(':').pop(),
    social_id: socialId,
    share_url: `https://www.linkedin.com/feed/update/${socialId}/`,
    text: 'A post of the fake Unipile server.',
  };
}

function invalidReaction(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return 'A JSON body is required.';
  const { account_id, post_id, reaction_type, comment_id } = body as Record<string, unknown>;
  if (typeof account_id !== 'string' || !account_id) return 'account_id must be a non-empty string.';
  if (typeof post_id !== 'string' || !post_id) return 'post_id must be a non-empty string.';
  if (reaction_type !== undefined && !reactionTypes.includes(reaction_type as string)) {
    return `reaction_type must be one of ${reactionTypes.join(', ')}.`;
  }
  if (comment_id !== undefined && (typeof comment_id !== 'string' || !comment_id)) return 'comment_id must be a non-empty string.';
  return undefined;
}

function error(status: number, type: string, title: string, detail: string): Reply {
  return { status, body: { status, type, title, detail } };
}

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) {
      if (!actual) return undefined;
      params[part.slice(1)] = decodeURIComponent(actual);
    } else if (part !== actual) return undefined;
  }
  return params;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
}

/** Starts a fake on 127.0.0.1 with a random port. Close it in `afterAll`/`afterEach`. */
export async function startFakeUnipile(options: { apiKey?: string } = {}): Promise<FakeUnipile> {
  const apiKey = options.apiKey ?? 'fake-unipile-key-3f9c2a7e';
  const requests: RecordedRequest[] = [];
  const failures: FakeFailure[] = [];
  const hangs: { match?: string }[] = [];
  const posts = new Map<string, FakePost>();

  const takeFirst = <T>(queue: T[], matches: (item: T) => boolean): T | undefined => {
    const index = queue.findIndex(matches);
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  };

  const server = createServer((req, res) => {
    void (async () => {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const query = Object.fromEntries(url.searchParams);
      const isJson = (req.headers['content-type'] ?? '').includes('application/json');
      let body: unknown;
      try {
        body = isJson && rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      requests.push({ method, path: url.pathname, query, headers: req.headers, body, rawBody });

      const line = `${method} ${url.pathname}`;
      const starts = (match: string | undefined) => match === undefined || line.startsWith(match);

      if (req.headers['x-api-key'] === undefined) {
        return send(res, error(401, 'errors/missing_credentials', 'Missing credentials', 'The X-API-KEY header is missing.'));
      }
      if (req.headers['x-api-key'] !== apiKey) {
        return send(res, error(401, 'errors/invalid_credentials', 'Invalid credentials', 'The given API key is not valid.'));
      }
      if (takeFirst(hangs, (h) => starts(h.match))) return; // never answers; close() drops the socket
      const failure = takeFirst(failures, (f) => starts(f.match));
      if (failure) {
        const headers: Record<string, string> =
          failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
        const problem = failure.body ?? {
          status: failure.status,
          type: failure.type ?? defaultType(failure.status),
          title: failure.title ?? 'Fake failure',
          detail: failure.detail ?? `The fake Unipile server was told to answer ${failure.status}.`,
        };
        return send(res, { status: failure.status, body: problem, headers });
      }

      for (const route of routes) {
        if (route.method !== method) continue;
        const params = matchPath(route.path, url.pathname);
        if (params) return send(res, route.handle({ params, query, body, posts }));
      }
      send(res, error(404, 'errors/resource_not_found', 'Not found', `fake-unipile has no route for ${line}.`));
    })().catch((cause: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 500, type: 'errors/unexpected_error', title: 'Fake crashed', detail: String(cause) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    failNext: (failure) => void failures.push(failure),
    hang: (match) => void hangs.push({ match }),
    setPost: (postId, post) => void posts.set(postId, post),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function defaultType(status: number): string {
  if (status === 429) return 'api/too_many_requests';
  if (status >= 500) return 'errors/unexpected_error';
  return 'errors/invalid_parameters';
}
