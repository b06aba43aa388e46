import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { authenticate } from '../auth/authenticate';
import { logger } from '../log';
import type { Db } from '../store/client';
import { defaultDb } from '../store/client';
import { beginIdempotentRequest, finishIdempotentRequest } from './idempotency';
import { classifyError, problemResult } from './problem';
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from './read-json-body';
import type { HttpResult, LambdaHttpResult } from './response';
import type { RequestContext } from './respond';
import { lowerCaseHeaders, requestIdOf, respond } from './respond';
import { validate } from './validate';

export interface EndpointRequest<Body> {
  workspaceId: string;
  body: Body;
  pathParameters: Record<string, string | undefined>;
  requestId: string;
  now: Date;
}

export interface EndpointOptions<S extends z.ZodType> {
  /** `METHOD /path`, as in serverless.yml; used in logs. */
  route: string;
  /** Schema of the JSON body; endpoints without one read no body. */
  body?: S;
  maxBodyBytes?: number;
  db?: Db;
  handle: (request: EndpointRequest<z.output<S>>) => Promise<HttpResult>;
}

export type HttpHandler = (event: APIGatewayProxyEventV2) => Promise<LambdaHttpResult>;

/** Converts anything thrown into the problem it is answered with, logging what deserves it. */
function resultOf(thrown: unknown, context: RequestContext): HttpResult {
  const { error, unexpected } = classifyError(thrown);
  if (unexpected) logger.error('unexpected error', { ...context, error: thrown as Error });
  else if (error.status >= 500) logger.warn('dependency failure', { ...context, error: thrown as Error });
  return problemResult(error, context.requestId, context.path);
}

/**
 * The request pipeline, written once: authenticate → read the JSON body → validate →
 * idempotency → the use case → respond. Every error becomes problem+json; the api key is never logged.
 */
export function httpEndpoint<S extends z.ZodType>(options: EndpointOptions<S>): HttpHandler {
  const db = options.db ?? defaultDb();
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const method = options.route.split(' ')[0];

  return async (event) => {
    const started = performance.now();
    const context: RequestContext = {
      requestId: requestIdOf(event),
      route: options.route,
      path: event.rawPath,
    };
    const headers = lowerCaseHeaders(event.headers);
    let workspaceId: string | undefined;

    const run = async (): Promise<HttpResult> => {
      const principal = await authenticate(headers['api-key'], db);
      workspaceId = principal.workspaceId;
      const now = new Date();
      const raw = options.body ? readJsonBody(headers, event.body, event.isBase64Encoded, maxBodyBytes) : undefined;
      const body = options.body ? validate(options.body, raw?.json) : (undefined as z.output<S>);
      const request = { workspaceId, body, pathParameters: event.pathParameters ?? {}, requestId: context.requestId, now };

      const begun =
        method === 'POST'
          ? await beginIdempotentRequest(db, workspaceId, headers['idempotency-key'], `${options.route}\n${raw?.text ?? ''}`, now)
          : undefined;
      if (begun && 'replay' in begun) return begun.replay;

      let result: HttpResult;
      try {
        result = await options.handle(request);
      } catch (thrown) {
        if (!begun) throw thrown;
        result = resultOf(thrown, context);
      }
      if (begun) await finishIdempotentRequest(db, workspaceId, begun.claim, result);
      return result;
    };

    let result: HttpResult;
    try {
      result = await run();
    } catch (thrown) {
      result = resultOf(thrown, context);
    }
    return respond(result, context, started, workspaceId);
  };
}
