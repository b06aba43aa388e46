import type { Route } from '../../lib/http/route';
import { routeKey } from '../../lib/http/route';
import { allRoutes } from '../../lib/routes/all-routes';

/** The route of `METHOD /path` (as the pipeline's logs and a handler's result name it). */
export function routeOf(key: string): Route | undefined {
  return allRoutes.find((route) => routeKey(route) === key);
}
