import { publicEndpoint } from '../../lib/http/pipeline';

/** Liveness for uptime checks and load balancers: no key, no dependency, nothing read. */
export const handler = publicEndpoint({
  route: 'GET /health',
  handle: async () => ({ status: 200, body: { status: 'ok' } }),
});
