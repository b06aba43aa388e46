import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from '../errors';
import { observedHandler } from '../invocation';
import { requestIdOf, respond } from './respond';
import type { LambdaHttpResult } from './http-result';
import { problemResult } from './problem';
import type { Route } from './route';
import { allowedMethods } from './route';

/**
 * The handler of every request no route of `routes` took: 405 with `Allow` for a known path, else
 * 404; problem+json. Observed as the pipeline's are.
 */
export const unknownRouteHandler = (routes: readonly Pick<Route, 'method' | 'path'>[]) =>
  observedHandler(async (event: APIGatewayProxyEventV2): Promise<LambdaHttpResult> => {
    const started = performance.now();
    const method = event.requestContext?.http?.method ?? 'GET';
    const path = event.rawPath ?? '/';
    const context = { requestId: requestIdOf(event), route: '$default', path };
    const allowed = allowedMethods(routes, path);
    const error =
      allowed.length > 0
        ? new HttpError(
            405,
            'method-not-allowed',
            'Method not allowed',
            `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
            {
              headers: { allow: allowed.join(', ') },
            },
          )
        : new HttpError(404, 'route-not-found', 'Not found', `No route ${method} ${path}. The API lives under /api/v1/.`);
    return respond(problemResult(error, context.requestId, path), context, started);
  });
