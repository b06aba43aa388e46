import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from '../zod';
import type { FieldError, HttpError } from '../errors';
import { ValidationError } from '../errors';
import type { RetryKey } from './idempotency';
import type { LambdaHandler } from '../invocation';
import { observedHandler } from '../invocation';
import { logger } from '../log';
import { classifyError, problemResult } from './problem';
import { readFormBody, readJsonBody, readJsonBodyOfAnyType } from './read-body';
import type { HttpResult, LambdaHttpResult } from './http-result';
import type { RequestContext } from './respond';
import { lowerCaseHeaders, requestIdOf, respond } from './respond';
import type { AnswerOf, BodySchemaOf, PathParameters, Route } from './route';
import { pathParameterNames, routeKey } from './route';
import { validate } from '../schemas/validate';

export interface EndpointRequest<Body, Path extends string = string> {
  /** The api key's workspace; '' on public endpoints. */
  workspaceId: string;
  body: Body;
  /** Each parameter of the route's path. */
  pathParameters: PathParameters<Path>;
  /** Query string parameters (validate them with `validateQuery`). */
  query: Record<string, string | undefined>;
  /** Request headers, names in lower case. */
  headers: Record<string, string | undefined>;
  requestId: string;
  now: Date;
  /** With an Idempotency-Key: the same for every attempt of this request (see `RetryKey`). */
  retryKey?: RetryKey;
}

/** What of a route the pipeline reads: its method and path (named in logs), whether the path is secret, and how to read its body. */
export type PipelineRoute = Pick<Route, 'method' | 'path' | 'body' | 'secretPath'> & Partial<Pick<Route, 'responses'>>;

/** What a route's body is once read and validated; undefined when it reads none. */
export type BodyOf<R extends PipelineRoute> = BodySchemaOf<R> extends z.core.$ZodType ? z.output<BodySchemaOf<R>> : undefined;

/** The request a route's use case is given. */
export type RequestOf<R extends PipelineRoute> = EndpointRequest<BodyOf<R>, R['path']>;

export interface PipelineOptions<R extends PipelineRoute> {
  /**
   * The route's definition (lib/routes), or what the pipeline reads of it: named in logs; its body
   * (schema, format, size limit) is read as it says, and a route without one reads no body.
   */
  route: R;
  /** The use case; it answers one of the route's documented answers, a JSON one's body typed by its schema. */
  handle: (request: RequestOf<R>) => Promise<AnswerOf<R>>;
  /**
   * When the body breaks its schema: the problems the use case would find in the parts that are
   * valid (a named group that does not exist), named in the same 400, so that a caller fixes every
   * problem of a request at once. Runs after authentication, never for a valid body.
   */
  moreProblems?: (body: unknown, workspaceId: string) => Promise<FieldError[]>;
}

export interface PublicEndpointOptions<R extends PipelineRoute> extends PipelineOptions<R> {
  /** Checks the caller before anything else is read (throws an HttpError to refuse): a secret of the endpoint's own. */
  checkCaller?: (headers: Record<string, string | undefined>) => void | Promise<void>;
  /** For pages: renders an error for a person (HTML) instead of problem+json. */
  renderError?: (error: HttpError, requestId: string) => HttpResult;
}

/**
 * How a route's body is read: an HTML form, JSON whatever the content type says (a caller that
 * cannot say it sends JSON, as Unipile's webhooks), or JSON.
 */
function bodyReaderOf(body: NonNullable<Route['body']>) {
  if (body.mediaType === 'application/x-www-form-urlencoded') return readFormBody;
  return body.anyContentType ? readJsonBodyOfAnyType : readJsonBody;
}

/** The route's path parameters as API Gateway gave them: each of `names` (its path's), '' if one were missing. */
function pathParametersOf<Path extends string>(
  names: readonly string[],
  given: Record<string, string | undefined> | undefined,
): PathParameters<Path> {
  return Object.fromEntries(names.map((name) => [name, given?.[name] ?? ''])) as PathParameters<Path>;
}

export type HttpHandler = LambdaHandler<APIGatewayProxyEventV2, LambdaHttpResult>;

/**
 * The access layer an endpoint puts around the pipeline (the api key's, lib/http/endpoint.ts), each
 * step refusing by throwing: `identify` names the caller's workspace, then `count` counts the
 * request against it and gives the headers every answer to it carries; `perform` runs the use case
 * (`handle`, told the request's retry key when it has one) for the validated request, and may
 * answer without it.
 */
export interface AccessLayer {
  identify: (headers: Record<string, string | undefined>) => Promise<string>;
  count: (workspaceId: string, now: Date) => Promise<Record<string, string>>;
  perform: (
    workspaceId: string,
    request: Pick<EndpointRequest<unknown>, 'headers' | 'now'> & {
      pathParameters: Readonly<Record<string, string>>;
      /** The body as read (parsed JSON), before validation; undefined when the route reads none. */
      body: unknown;
    },
    handle: (retryKey?: RetryKey) => Promise<HttpResult>,
  ) => Promise<HttpResult>;
}

/**
 * The body as its schema reads it; a 400 naming every problem, the use case's `moreProblems` too.
 * Those are a courtesy: should finding them fail (DynamoDB unavailable), the body's own 400 is the
 * answer, not a 503 for a request that was bad anyway.
 */
async function validBody<R extends PipelineRoute>(
  schema: z.core.$ZodType,
  options: PipelineOptions<R>,
  json: unknown,
  workspaceId: string,
): Promise<BodyOf<R>> {
  try {
    return validate(schema, json) as BodyOf<R>;
  } catch (error) {
    if (!(error instanceof ValidationError) || !options.moreProblems) throw error;
    const more = await options.moreProblems(json, workspaceId).catch((failure: unknown) => {
      logger.warn('could not look for more problems of an invalid body; answering with its own', { error: failure as Error });
      return [];
    });
    throw more.length ? new ValidationError([...error.errors, ...more]) : error;
  }
}

/** Converts anything thrown into the problem it is answered with, logging what deserves it. */
function resultOf(thrown: unknown, context: RequestContext, render?: PublicEndpointOptions<PipelineRoute>['renderError']): HttpResult {
  const { error, unexpected } = classifyError(thrown);
  if (unexpected) logger.error('unexpected error', { ...context, error: thrown as Error });
  else if (error.status >= 500) logger.warn('dependency failure', { ...context, error: thrown as Error });
  return render ? render(error, context.requestId) : problemResult(error, context.requestId, context.path);
}

/**
 * The request pipeline, written once: identify and count (the access layer, if any) → check the
 * caller → read the body → validate → the use case (through the access layer) → respond. Every
 * error becomes problem+json (or the endpoint's error page). Each invocation is observed
 * (lib/invocation.ts): the Lambda context in the logs, a trace, its metrics written at the end.
 */
export function requestPipeline<R extends PipelineRoute>(options: PublicEndpointOptions<R>, access?: AccessLayer): HttpHandler {
  const bodySpec = options.route.body;
  const readBody = bodySpec && bodyReaderOf(bodySpec);
  const bodySchema = bodySpec && (bodySpec.readAs ?? bodySpec.schema);
  const route = routeKey(options.route);
  const parameterNames = pathParameterNames(options.route.path);

  return observedHandler(async (event) => {
    const started = performance.now();
    const context: RequestContext = {
      requestId: requestIdOf(event),
      route,
      // A secret in the path (a link's token) is never logged nor echoed: the template stands for it.
      path: options.route.secretPath ? options.route.path : event.rawPath,
    };
    const headers = lowerCaseHeaders(event.headers);
    // Known once the caller is identified, and logged with whatever the request is answered (a 429 too).
    let workspaceId: string | undefined;
    // Set once the request is counted, and sent with whatever it is answered.
    let rateHeaders: Record<string, string> = {};

    const run = async (): Promise<HttpResult> => {
      const now = new Date();
      // Before the body is read: a refused request does nothing else.
      if (access) {
        workspaceId = await access.identify(headers);
        rateHeaders = await access.count(workspaceId, now);
      }
      await options.checkCaller?.(headers);
      const raw = readBody && bodySpec ? readBody(headers, event.body, event.isBase64Encoded, bodySpec.maxBytes) : undefined;
      const body = bodySchema ? await validBody(bodySchema, options, raw?.json, workspaceId ?? '') : (undefined as BodyOf<R>);
      const request: RequestOf<R> = {
        workspaceId: workspaceId ?? '',
        body,
        pathParameters: pathParametersOf<R['path']>(parameterNames, event.pathParameters),
        query: event.queryStringParameters ?? {},
        headers,
        requestId: context.requestId,
        now,
      };
      if (!access) return options.handle(request);
      // The access layer may answer a use case's error itself (a stored answer must hold it).
      return access.perform(
        request.workspaceId,
        { body: raw?.json, pathParameters: request.pathParameters, headers, now },
        async (retryKey) => {
          try {
            return await options.handle(retryKey ? { ...request, retryKey } : request);
          } catch (thrown) {
            return resultOf(thrown, context, options.renderError);
          }
        },
      );
    };

    let result: HttpResult;
    try {
      result = await run();
    } catch (thrown) {
      result = resultOf(thrown, context, options.renderError);
    }
    return respond({ ...result, headers: { ...rateHeaders, ...result.headers } }, context, started, workspaceId);
  });
}

/**
 * A public endpoint (health, the API reference, an approval link, the provider's webhook): the
 * pipeline with no api key, so no rate limit and no idempotency either; one that needs a caller
 * checks a secret of its own (`checkCaller`, or a token in `handle`). Its bundle holds none of the
 * api-key layer, nor DynamoDB unless its use case needs it.
 */
export function publicEndpoint<R extends PipelineRoute>(options: PublicEndpointOptions<R>): HttpHandler {
  const { auth } = options.route as Partial<Route>;
  if (auth === 'api-key') throw new Error(`${routeKey(options.route)} is an api-key route: use httpEndpoint`);
  return requestPipeline(options);
}
