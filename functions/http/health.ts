import { publicEndpoint } from '../../lib/http/pipeline';
import { routeTable } from '../../lib/http/routes';
import { ok } from '../../lib/http/response';

/** Liveness for uptime checks and load balancers: no key, no dependency, nothing read. */
export const handler = publicEndpoint({
  route: routeTable.health,
  handle: async () => ok({ status: 'ok' }),
});
