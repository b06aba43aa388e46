import { authenticate } from '../auth/authenticate';
import { getConfig } from '../config';
import type { Db } from '../store/client';
import { defaultDb } from '../store/client';
import { beginIdempotentRequest, finishIdempotentRequest, requestFingerprint } from './idempotency';
import type { AccessLayer, HttpHandler, PipelineOptions, PipelineRoute } from './pipeline';
import { requestPipeline } from './pipeline';
import type { Route } from './route';
import { routeKey } from './route';
import { takeRequest } from './rate-limit';

export interface EndpointOptions<R extends PipelineRoute> extends PipelineOptions<R> {
  db?: Db;
  /** Requests a workspace may make a minute; 0 = no limit. Default: RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
}

/**
 * The api key's access layer for `route`: authenticate (401) → count the request against the
 * workspace's rate limit (429, `RateLimit-*` headers on every answer) → and around the use case of
 * a POST, the `Idempotency-Key` (replay a stored answer, or store this one). The api key is never
 * logged.
 */
function apiKeyAccess(db: Db, rateLimitPerMinute: number, route: Pick<Route, 'method' | 'path'>): AccessLayer {
  const isPost = route.method === 'POST';
  return {
    identify: async (headers) => (await authenticate(headers['api-key'], db)).workspaceId,
    // Only once `identify` has named the workspace: a failed authentication is counted against none.
    count: (workspaceId, now) => takeRequest(db, workspaceId, rateLimitPerMinute, now),
    perform: async (workspaceId, request, handle) => {
      const key = request.headers['idempotency-key'];
      if (!isPost || key === undefined) return handle();
      const begun = await beginIdempotentRequest(
        db,
        workspaceId,
        key,
        requestFingerprint(route, request.pathParameters, request.body),
        request.now,
      );
      if (!begun) return handle();
      if ('replay' in begun) return begun.replay;
      const result = await handle(begun.claim.retryKey);
      await finishIdempotentRequest(db, workspaceId, begun.claim, result);
      return result;
    },
  };
}

/**
 * An endpoint of the workspace's api key: the request pipeline (lib/http/pipeline.ts) behind the
 * api key's access layer. Public endpoints use `publicEndpoint`, which loads none of it.
 */
export function httpEndpoint<R extends PipelineRoute>(options: EndpointOptions<R>): HttpHandler {
  // A route's definition says who may call it: a handler cannot put it behind another door.
  const { auth } = options.route as Partial<Route>;
  if (auth !== undefined && auth !== 'api-key')
    throw new Error(`${routeKey(options.route)} is not an api-key route (${auth}): use publicEndpoint`);
  return requestPipeline(
    options,
    apiKeyAccess(options.db ?? defaultDb(), options.rateLimitPerMinute ?? getConfig().RATE_LIMIT_PER_MINUTE, options.route),
  );
}
