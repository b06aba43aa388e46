import { httpEndpoint } from '../../lib/http/endpoint';

/** Liveness for uptime checks and load balancers: no key, no dependency, nothing read. */
export const handler = httpEndpoint({
  route: 'GET /health',
  auth: 'none',
  handle: async () => ({ status: 200, body: { status: 'ok' } }),
});
