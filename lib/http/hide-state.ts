import type { HttpHandler } from './pipeline';
import type { Route } from './route';

/**
 * The handler of a route whose path carries a link's secret state (`/connect/{state}`), given its
 * events with the route's template as their path: the pipeline logs a failed request's path, and
 * puts it in a problem's `instance`, and neither may hold the state. The handler still reads the
 * state from the path parameters.
 */
export function hidingState(route: Pick<Route, 'path'>, handler: HttpHandler): HttpHandler {
  return (event, context) => handler({ ...event, rawPath: route.path }, context);
}
