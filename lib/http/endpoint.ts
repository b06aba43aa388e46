import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from '../zod';
import { authenticate } from '../auth/authenticate';
import { getConfig } from '../config';
import { logger } from '../log';
import type { Db } from '../store/client';
import { defaultDb } from '../store/client';
import { beginIdempotentRequest, finishIdempotentRequest } from './idempotency';
import type { HttpError } from '../errors';
import { classifyError, problemResult } from './problem';
import { takeRequest } from './rate-limit';
import { DEFAULT_MAX_BODY_BYTES, readFormBody, readJsonBody } from './read-body';
import type { HttpResult, LambdaHttpResult } from './response';
import type { RequestContext } from './respond';
import { lowerCaseHeaders, requestIdOf, respond } from './respond';
import { validate } from './validate';

export interface EndpointRequest<Body> {
  /** The api key's workspace; '' on public endpoints (`auth: 'none'`). */
  workspaceId: string;
  body: Body;
  pathParameters: Record<string, string | undefined>;
  /** Query string parameters (validate them with `validateQuery`). */
  query: Record<string, string | undefined>;
  /** Request headers, names in lower case. */
  headers: Record<string, string | undefined>;
  requestId: string;
  now: Date;
}

export interface EndpointOptions<S extends z.core.$ZodType> {
  /** `METHOD /path`, as in serverless.yml; used in logs. */
  route: string;
  /** Schema of the JSON body; endpoints without one read no body. */
  body?: S;
  maxBodyBytes?: number;
  /**
   * `api-key` (default): the workspace comes from the key. `none`: a public endpoint that checks a
   * secret of its own (an approval link's token, a webhook's shared secret) in `handle`.
   */
  auth?: 'api-key' | 'none';
  /** With `auth: 'none'`: checks the caller before anything else is read (throws an HttpError to refuse). */
  checkCaller?: (headers: Record<string, string | undefined>) => void;
  /** How the body is encoded: JSON (default) or an HTML form. */
  bodyFormat?: 'json' | 'form';
  /** For pages: renders an error for a person (HTML) instead of problem+json. */
  renderError?: (error: HttpError, requestId: string) => HttpResult;
  db?: Db;
  /** Requests a workspace may make a minute (api-key endpoints); 0 = no limit. Default: RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute?: number;
  handle: (request: EndpointRequest<z.output<S>>) => Promise<HttpResult>;
}

export type HttpHandler = (event: APIGatewayProxyEventV2) => Promise<LambdaHttpResult>;

/** Converts anything thrown into the problem it is answered with, logging what deserves it. */
function resultOf(thrown: unknown, context: RequestContext, render?: EndpointOptions<z.core.$ZodType>['renderError']): HttpResult {
  const { error, unexpected } = classifyError(thrown);
  if (unexpected) logger.error('unexpected error', { ...context, error: thrown as Error });
  else if (error.status >= 500) logger.warn('dependency failure', { ...context, error: thrown as Error });
  return render ? render(error, context.requestId) : problemResult(error, context.requestId, context.path);
}

/**
 * The request pipeline, written once: authenticate → count against the workspace's rate limit →
 * read the JSON body → validate → idempotency → the use case → respond. Every error becomes
 * problem+json; the api key is never logged.
 */
export function httpEndpoint<S extends z.core.$ZodType>(options: EndpointOptions<S>): HttpHandler {
  // Made on first use: a public endpoint (`auth: 'none'`) may have no use for DynamoDB at all.
  let db = options.db;
  const dbOf = (): Db => (db ??= defaultDb());
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const method = options.route.split(' ')[0];
  const readBody = options.bodyFormat === 'form' ? readFormBody : readJsonBody;
  // Only api-key endpoints are counted: a public one (health, docs) need not parse the configuration for it.
  const rateLimit = options.auth === 'none' ? 0 : (options.rateLimitPerMinute ?? getConfig().RATE_LIMIT_PER_MINUTE);

  return async (event) => {
    const started = performance.now();
    const context: RequestContext = {
      requestId: requestIdOf(event),
      route: options.route,
      path: event.rawPath,
    };
    const headers = lowerCaseHeaders(event.headers);
    let workspaceId: string | undefined;
    // Set once the request is counted, and sent with whatever it is answered.
    let rateHeaders: Record<string, string> = {};

    const run = async (): Promise<HttpResult> => {
      const now = new Date();
      if (options.auth !== 'none') {
        workspaceId = (await authenticate(headers['api-key'], dbOf())).workspaceId;
        // Before the body is read: a refused request does nothing else. A failed authentication
        // never gets here, so it is counted against no workspace.
        rateHeaders = await takeRequest(dbOf(), workspaceId, rateLimit, now);
      }
      options.checkCaller?.(headers);
      const raw = options.body ? readBody(headers, event.body, event.isBase64Encoded, maxBodyBytes) : undefined;
      const body = options.body ? validate(options.body, raw?.json) : (undefined as z.output<S>);
      const request = { workspaceId: workspaceId ?? '', body, pathParameters: event.pathParameters ?? {}, query: event.queryStringParameters ?? {}, headers, requestId: context.requestId, now };

      // Idempotency keys belong to a workspace: public endpoints have none.
      const begun =
        method === 'POST' && workspaceId !== undefined
          ? await beginIdempotentRequest(dbOf(), workspaceId, headers['idempotency-key'], `${options.route}\n${raw?.text ?? ''}`, now)
          : undefined;
      if (begun && 'replay' in begun) return begun.replay;

      let result: HttpResult;
      try {
        result = await options.handle(request);
      } catch (thrown) {
        if (!begun) throw thrown;
        result = resultOf(thrown, context, options.renderError);
      }
      if (begun && workspaceId !== undefined) await finishIdempotentRequest(dbOf(), workspaceId, begun.claim, result);
      return result;
    };

    let result: HttpResult;
    try {
      result = await run();
    } catch (thrown) {
      result = resultOf(thrown, context, options.renderError);
    }
    return respond({ ...result, headers: { ...rateHeaders, ...result.headers } }, context, started, workspaceId);
  };
}
