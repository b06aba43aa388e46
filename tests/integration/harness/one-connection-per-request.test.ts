import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * No request of a test reuses a connection (tests/helpers/one-connection-per-request.ts says why:
 * a reused socket the server had just closed failed a POST in CI), and asking so loses nothing of
 * the request: its method, headers and body arrive, whether given as (url, init) or as a Request,
 * which is how the typed client calls fetch.
 */
describe('fetch in integration tests', () => {
  it('opens a new connection for each request and keeps what the request says', async () => {
    let connections = 0;
    const seen: Array<{ method?: string; apiKey?: string; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, apiKey: request.headers['api-key'] as string | undefined, body });
        response.end('ok');
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    try {
      for (let i = 0; i < 3; i++) {
        const asInit = await fetch(url, { method: 'POST', headers: { 'api-key': `k${i}` }, body: `{"i":${i}}` });
        expect(await asInit.text()).toBe('ok');
        const asRequest = await fetch(new Request(url, { method: 'PUT', headers: { 'api-key': `r${i}` }, body: 'x' }));
        expect(await asRequest.text()).toBe('ok');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    expect(connections).toBe(6);
    expect(seen).toEqual(
      [0, 1, 2].flatMap((i) => [
        { method: 'POST', apiKey: `k${i}`, body: `{"i":${i}}` },
        { method: 'PUT', apiKey: `r${i}`, body: 'x' },
      ]),
    );
  });
});
