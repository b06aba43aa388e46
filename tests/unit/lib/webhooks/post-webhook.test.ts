import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { postWebhook, type PostWebhookInput } from '../../../../lib/webhooks/post-webhook';

/* Real servers on 127.0.0.1, port 0: what matters is what goes over the wire, and what does not. */

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface TestServer {
  url: string;
  port: number;
  received: Received[];
  /** Requests whose headers arrived, body read or not. */
  hits: number;
}

const servers: Server[] = [];

async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { readBody?: boolean } = {},
): Promise<TestServer> {
  const state: TestServer = { url: '', port: 0, received: [], hits: 0 };
  const server = createServer((req, res) => {
    state.hits += 1;
    if (options.readBody === false) {
      handler(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      handler(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A resolver that answers every name with `addresses`, the way dns.lookup does. */
function lookupTo(...addresses: string[]): LookupFunction & jest.Mock {
  return jest.fn((_hostname, options, callback) => {
    const results = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, results);
    else callback(null, results[0]!.address, results[0]!.family);
  });
}

const base = { headers: {}, body: '{"type":"ping"}', timeoutMs: 1000, allowLoopback: true } satisfies Omit<PostWebhookInput, 'url'>;

describe('postWebhook', () => {
  it('reports a 2xx as ok, with its status, latency and excerpt', async () => {
    const server = await startServer((_req, res) => res.writeHead(204).end());
    const created = await startServer((_req, res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"received":true}'));

    const outcome = await postWebhook({ ...base, url: `${server.url}/hook` });
    expect(outcome).toEqual({ ok: true, statusCode: 204, latencyMs: expect.any(Number), responseExcerpt: '' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
    expect(outcome.latencyMs).toBeLessThan(1000);

    expect(await postWebhook({ ...base, url: created.url })).toMatchObject({
      ok: true,
      statusCode: 201,
      responseExcerpt: '{"received":true}',
    });
  });

  it('delivers the headers and the body exactly as given', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end('ok'));
    const body = JSON.stringify({ type: 'job.completed', data: { note: 'café ✓ 🚀', quote: '"\\n"' } });
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,abc= v1,def=' };

    const outcome = await postWebhook({ ...base, url: `${server.url}/in/bound?tenant=a&x=%20`, headers, body });

    expect(outcome.ok).toBe(true);
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/in/bound?tenant=a&x=%20');
    expect(request!.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(request!.headers).toMatchObject({
      ...headers,
      'content-type': 'application/json',
      'user-agent': 'outreach-api-webhooks/1',
      'content-length': String(Buffer.byteLength(body)),
      host: `127.0.0.1:${server.port}`,
    });
    expect(request!.headers['transfer-encoding']).toBeUndefined();
  });

  it('keeps its own content-type and user-agent, and never sends credentials from the URL', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end());
    await postWebhook({
      ...base,
      url: `http://user:secret@127.0.0.1:${server.port}/`,
      headers: { 'Content-Type': 'text/plain', 'User-Agent': 'other' },
    });
    const [request] = server.received;
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toBe('outreach-api-webhooks/1');
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('reports a 500 as http_status with the start of the body', async () => {
    const server = await startServer((_req, res) =>
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error: database down'),
    );
    expect(await postWebhook({ ...base, url: server.url })).toEqual({
      ok: false,
      statusCode: 500,
      latencyMs: expect.any(Number),
      error: 'http_status',
      message: 'The endpoint answered 500.',
      responseExcerpt: 'Internal error: database down',
    });
  });

  it('reports a 404 as http_status too', async () => {
    const server = await startServer((_req, res) => res.writeHead(404).end('no such hook'));
    expect(await postWebhook({ ...base, url: server.url })).toMatchObject({ ok: false, statusCode: 404, error: 'http_status' });
  });

  it('keeps 500 characters of an endless response and returns promptly', async () => {
    let written = 0;
    let closed = false;
    const server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'é');
      const pump = (): void => {
        while (!closed && res.write(chunk)) written += chunk.length;
        if (!closed) res.once('drain', pump);
      };
      res.on('close', () => (closed = true));
      req.socket.on('close', () => (closed = true));
      pump();
    });

    const started = Date.now();
    const outcome = await postWebhook({ ...base, url: server.url, timeoutMs: 1500 });

    expect(Date.now() - started).toBeLessThan(1000);
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(Array.from(outcome.responseExcerpt!)).toHaveLength(500);
    expect(outcome.responseExcerpt).toBe('é'.repeat(500));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('cuts the excerpt of a large finite body at 500 characters', async () => {
    const server = await startServer((_req, res) => res.writeHead(502).end('x'.repeat(300_000)));
    const outcome = await postWebhook({ ...base, url: server.url });
    expect(outcome).toMatchObject({ ok: false, statusCode: 502, error: 'http_status' });
    expect(outcome.responseExcerpt).toBe('x'.repeat(500));
  });

  it('replaces control characters in the excerpt, keeping newlines and tabs', async () => {
    const server = await startServer((_req, res) => res.writeHead(400).end('line 1\r\nline\t2\u0000\u001b[31mred\u007f\u202eevil'));
    const outcome = await postWebhook({ ...base, url: server.url });
    expect(outcome.responseExcerpt).toBe('line 1\nline\t2\uFFFD\uFFFD[31mred\uFFFD\uFFFDevil');
  });

  it('does not follow a redirect, and its target receives nothing', async () => {
    const target = await startServer((_req, res) => res.writeHead(200).end());
    const redirecting = await startServer((_req, res) => res.writeHead(302, { location: `${target.url}/elsewhere` }).end());

    const outcome = await postWebhook({ ...base, url: redirecting.url });

    expect(outcome).toEqual({
      ok: false,
      statusCode: 302,
      latencyMs: expect.any(Number),
      error: 'redirect_not_followed',
      message: `Redirect to ${target.url}/elsewhere not followed: webhooks go to the registered URL only.`,
    });
    expect(redirecting.hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target.hits).toBe(0);
  });

  it('truncates a long Location to 200 characters', async () => {
    const location = `https://example.com/${'a'.repeat(1000)}`;
    const server = await startServer((_req, res) => res.writeHead(307, { location }).end());
    const outcome = await postWebhook({ ...base, url: server.url });
    expect(outcome.error).toBe('redirect_not_followed');
    expect(outcome.message).toContain(`${location.slice(0, 200)}…`);
    expect(outcome.message).not.toContain(location.slice(0, 201));
  });

  it('times out a server that never answers', async () => {
    const server = await startServer(() => undefined);
    const started = Date.now();
    const outcome = await postWebhook({ ...base, url: server.url, timeoutMs: 300 });
    const took = Date.now() - started;

    expect(outcome).toEqual({ ok: false, latencyMs: expect.any(Number), error: 'timeout', message: 'No complete response within 300 ms.' });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(800);
    expect(server.hits).toBe(1);
  });

  it('times out a 2xx whose body never ends', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const started = Date.now();
    const outcome = await postWebhook({ ...base, url: server.url, timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, statusCode: 200, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(800);
  });

  it('times out a lookup that never answers', async () => {
    const hanging: LookupFunction = () => undefined;
    const started = Date.now();
    const outcome = await postWebhook({ ...base, url: 'http://slow-dns.example.com/', timeoutMs: 300, lookup: hanging });
    expect(outcome.error).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(800);
  });

  describe('outside local mode', () => {
    const strict = { ...base, allowLoopback: false };

    it.each([['127.0.0.1'], ['[::ffff:127.0.0.1]']])('refuses the IP literal %s without connecting', async (host) => {
      const server = await startServer((_req, res) => res.writeHead(200).end());
      const outcome = await postWebhook({ ...strict, url: `http://${host}:${server.port}/` });
      expect(outcome).toEqual({
        ok: false,
        latencyMs: expect.any(Number),
        error: 'blocked_address',
        message: expect.stringContaining('a loopback address'),
      });
      expect(server.hits).toBe(0);
    });

    it.each([
      ['127.0.0.1', 'a loopback address'],
      ['10.0.0.5', 'a private address'],
      ['169.254.169.254', 'the cloud metadata address'],
    ])('refuses a name that resolves to %s', async (address, reason) => {
      const server = await startServer((_req, res) => res.writeHead(200).end());
      const lookup = lookupTo(address);
      const outcome = await postWebhook({ ...strict, url: `http://hooks.example.com:${server.port}/`, lookup });
      expect(outcome).toEqual({
        ok: false,
        latencyMs: expect.any(Number),
        error: 'blocked_address',
        message: `The host hooks.example.com resolves to ${address}, ${reason}.`,
      });
      expect(lookup).toHaveBeenCalled();
      expect(server.hits).toBe(0);
    });

    it('refuses a name when any of its addresses is blocked', async () => {
      const server = await startServer((_req, res) => res.writeHead(200).end());
      const outcome = await postWebhook({
        ...strict,
        url: `http://hooks.example.com:${server.port}/`,
        lookup: lookupTo('93.184.215.14', '127.0.0.1'),
      });
      expect(outcome.error).toBe('blocked_address');
      expect(server.hits).toBe(0);
    });

    it('refuses localhost through the system resolver', async () => {
      const server = await startServer((_req, res) => res.writeHead(200).end());
      const outcome = await postWebhook({ ...strict, url: `http://localhost:${server.port}/` });
      expect(outcome.error).toBe('blocked_address');
      expect(server.hits).toBe(0);
    });
  });

  it('connects to the address its lookup returned', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end());
    const lookup = lookupTo('127.0.0.1');
    const outcome = await postWebhook({ ...base, url: `http://receiver.example.com:${server.port}/`, lookup });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(lookup).toHaveBeenCalledWith('receiver.example.com', expect.objectContaining({ all: true }), expect.any(Function));
    expect(server.received[0]!.headers.host).toBe(`receiver.example.com:${server.port}`);
  });

  it('accepts a lookup that answers with a single address', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end());
    const single: LookupFunction = (_hostname, _options, callback) => callback(null, '127.0.0.1', 4);
    expect(await postWebhook({ ...base, url: `http://receiver.example.com:${server.port}/`, lookup: single })).toMatchObject({ ok: true });
  });

  it('reports a name that does not resolve as dns_failed', async () => {
    const failing: LookupFunction = (hostname, _options, callback) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    expect(await postWebhook({ ...base, url: 'https://nope.example.com/', lookup: failing })).toEqual({
      ok: false,
      latencyMs: expect.any(Number),
      error: 'dns_failed',
      message: 'The host nope.example.com does not resolve (ENOTFOUND).',
    });
    expect(await postWebhook({ ...base, url: 'https://none.example.com/', lookup: lookupTo() })).toMatchObject({ error: 'dns_failed' });
  });

  it('reports a refused connection as connection_failed', async () => {
    const server = await startServer((_req, res) => res.end());
    const url = server.url;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    expect(await postWebhook({ ...base, url })).toEqual({
      ok: false,
      latencyMs: expect.any(Number),
      error: 'connection_failed',
      message: 'Could not connect or send: ECONNREFUSED.',
    });
  });

  it('reports a connection dropped before any answer as connection_failed', async () => {
    const server = await startServer((req) => req.socket.destroy(), { readBody: false });
    expect(await postWebhook({ ...base, url: server.url })).toMatchObject({ ok: false, error: 'connection_failed' });
  });

  it.each([['not a url'], ['/relative'], ['ftp://files.example.com/hook'], ['file:///etc/passwd']])(
    'refuses %j as invalid_url',
    async (url) => {
      expect(await postWebhook({ ...base, url })).toMatchObject({ ok: false, error: 'invalid_url' });
    },
  );
});
