import { publicEndpoint } from '../../lib/http/pipeline';
import { health as route } from '../../lib/routes/service/health';
import { ok } from '../../lib/http/http-result';

/** Liveness for uptime checks and load balancers: no key, no dependency, nothing read. */
export const handler = publicEndpoint({
  route,
  handle: async () => ok({ status: 'ok' } as const),
});
