import * as z from 'zod';
import type { HttpHandler } from '../../../lib/http/pipeline';
import type { LambdaHttpResult } from '../../../lib/http/http-result';
import { routeOf as operationOf } from '../../helpers/routes';
import { responseBodies } from '../../../lib/schemas/responses/response-bodies';
import { responsesOf } from '../../../lib/openapi/standard-responses';
import { problemSchema } from '../../../lib/schemas/responses/problem';
import { httpEvent } from '../../helpers/factories';
import { bodyOf } from './load-handler';

export interface HandlerCall {
  method: string;
  /** The route's template, `/api/v1/groups/{name}`: filled in from `pathParameters` for the event's path. */
  route: string;
  apiKey?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

/** Calls a deployed handler as API Gateway would: path parameters as it hands them over (decoded), the query string parsed. */
export function callHandler(handler: HttpHandler, call: HandlerCall): Promise<LambdaHttpResult> {
  const path = call.route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.pathParameters?.[name] ?? ''));
  const event = httpEvent({
    method: call.method,
    path,
    headers: call.apiKey ? { 'api-key': call.apiKey } : {},
    body: call.body,
    rawBody: call.rawBody,
    pathParameters: call.pathParameters,
  });
  return handler({
    ...event,
    routeKey: `${call.method} ${call.route}`,
    ...(call.query ? { queryStringParameters: call.query, rawQueryString: new URLSearchParams(call.query).toString() } : {}),
  });
}

/**
 * The answer's body, once checked against what the API reference documents for the route and this
 * status: the status is documented, a JSON body validates against its (strict) schema, a problem
 * is one of the types listed.
 */
export function documentedBody(call: Pick<HandlerCall, 'method' | 'route'>, result: LambdaHttpResult): Record<string, unknown> {
  const route = `${call.method} ${call.route}`;
  const documented = responsesOf(operationOf(route)!)[result.statusCode];
  expect({ route, status: result.statusCode, documented: documented !== undefined }).toEqual({
    route,
    status: result.statusCode,
    documented: true,
  });
  if (!result.body) return {};
  const body = bodyOf(result);
  if (documented!.json) {
    const parsed = z.safeParse(responseBodies[documented!.json], body);
    expect({ route, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ route, issues: [] });
  } else {
    expect(problemSchema.safeParse(body).success).toBe(true);
    expect(documented!.problems?.map((slug) => `/problems/${slug}`)).toContain(body.type);
  }
  return body;
}
