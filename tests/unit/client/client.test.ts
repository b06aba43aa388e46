import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutreachClient, type Job, type JobAccepted, type Problem } from '../../../client/src';

/**
 * The typed client against a tiny local HTTP server, a real round trip: what the server received
 * (method, path, `api-key`, body) and what the client hands back (`data` or `error`, typed by the
 * generated schema; the assignments below are checked by `tsc`).
 */

const API_KEY = 'wsk_client_test_key';
const JOB_ID = 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1';
const POST_URL = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000002/';

const accepted: JobAccepted = {
  jobId: JOB_ID,
  type: 'like',
  status: 'queued',
  accounts: 2,
  createdAt: '2025-01-01T00:00:00.000Z',
  links: { self: `/api/v1/jobs/${JOB_ID}` },
};
const job: Job = {
  jobId: JOB_ID,
  type: 'like',
  status: 'running',
  request: { url: POST_URL, groups: ['sales'], reactionType: 'like' },
  counts: {
    total: 2,
    unfinished: 1,
    pending: 1,
    running: 0,
    awaitingApproval: 0,
    awaitingConnection: 0,
    succeeded: 1,
    failed: 0,
    rejected: 0,
    expired: 0,
    cancelled: 0,
  },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:05.000Z',
  actions: [],
  links: {},
};
const notFound: Problem = {
  type: '/problems/not-found',
  title: 'Not found',
  status: 404,
  detail: 'No such job in this workspace.',
  requestId: 'req-client-test',
};

interface Received {
  method: string | undefined;
  url: string | undefined;
  apiKey: string | undefined;
  contentType: string | undefined;
  body: string;
}

const received: Received[] = [];
let server: Server;
let baseUrl: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** Two routes of the API, and a problem for anything else, as the service answers them. */
function answerFor(method: string | undefined, url: string | undefined): { status: number; type: string; body: unknown } {
  if (method === 'POST' && url === '/api/v1/social-selling/like') return { status: 202, type: 'application/json', body: accepted };
  if (method === 'GET' && url === `/api/v1/jobs/${JOB_ID}`) return { status: 200, type: 'application/json', body: job };
  return { status: 404, type: 'application/problem+json', body: notFound };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const header = (name: string) => request.headers[name] as string | undefined;
      received.push({ method: request.method, url: request.url, apiKey: header('api-key'), contentType: header('content-type'), body });
      const answer = answerFor(request.method, request.url);
      response.writeHead(answer.status, { 'content-type': answer.type });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  received.length = 0;
});

describe('createOutreachClient', () => {
  it('likes a post, then reads its job: the api key on every request, the body as JSON, the typed data back', async () => {
    const api = createOutreachClient({ baseUrl, apiKey: API_KEY });

    const like = await api.POST('/api/v1/social-selling/like', { body: { url: POST_URL, groups: ['sales'], reactionType: 'like' } });
    const acceptedBack: JobAccepted | undefined = like.data;
    expect(like.response.status).toBe(202);
    expect(acceptedBack).toEqual(accepted);
    expect(like.error).toBeUndefined();

    const read = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: acceptedBack!.jobId } } });
    const jobBack: Job | undefined = read.data;
    expect(jobBack).toEqual(job);
    expect(read.error).toBeUndefined();

    expect(received).toEqual([
      {
        method: 'POST',
        url: '/api/v1/social-selling/like',
        apiKey: API_KEY,
        contentType: 'application/json',
        body: JSON.stringify({ url: POST_URL, groups: ['sales'], reactionType: 'like' }),
      },
      { method: 'GET', url: `/api/v1/jobs/${JOB_ID}`, apiKey: API_KEY, contentType: undefined, body: '' },
    ]);
  });

  it('hands back a problem as the typed error, with no data', async () => {
    const api = createOutreachClient({ baseUrl, apiKey: API_KEY });

    const read = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: 'job_unknown/../x' } } });
    const problem: Problem | undefined = read.error;

    expect(read.response.status).toBe(404);
    expect(read.data).toBeUndefined();
    expect(problem).toEqual(notFound);
    // A path parameter is encoded: it cannot reach another path.
    expect(received.map(({ url, apiKey }) => ({ url, apiKey }))).toEqual([{ url: '/api/v1/jobs/job_unknown%2F..%2Fx', apiKey: API_KEY }]);
  });

  it('calls through the fetch it is given', async () => {
    const seen: string[] = [];
    const api = createOutreachClient({
      baseUrl,
      apiKey: API_KEY,
      fetch: (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
    });

    const read = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: JOB_ID } } });

    expect(read.data).toEqual(job);
    expect(seen).toEqual([`GET /api/v1/jobs/${JOB_ID}`]);
    expect(received.map(({ apiKey }) => apiKey)).toEqual([API_KEY]);
  });
});
