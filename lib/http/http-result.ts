import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What an endpoint answers; the pipeline turns it into an API Gateway result. */
export interface HttpResult {
  status: number;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is (an HTML page); its content-type goes in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

/*
 * The answers endpoints give most. Use cases return what they did (an entity, a view); the handler
 * picks the status and headers with these, so the HTTP shape of each answer sits in one place.
 */

/** A JSON answer of one status, its body's type kept (checked against the route's schema, lib/http/route.ts `AnswerOf`). */
export interface Answer<Status extends number, Body> extends HttpResult {
  status: Status;
  body: Body;
}

/** 200 with a JSON body; `location` when the answer also names where the resource lives. */
export function ok<Body>(body: Body, location?: string): Answer<200, Body> {
  return { status: 200, ...(location !== undefined ? { headers: { location } } : {}), body };
}

/** 201: made, and where it now lives. */
export function created<Body>(location: string, body: Body): Answer<201, Body> {
  return { status: 201, headers: { location }, body };
}

/** 202: taken on, to be done later; `location` is where to follow it. */
export function accepted<Body>(body: Body, location?: string): Answer<202, Body> {
  return { status: 202, ...(location !== undefined ? { headers: { location } } : {}), body };
}

/** 204: done, nothing to show. */
export function noContent(): { status: 204 } {
  return { status: 204 };
}

export type LambdaHttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

export function toLambdaResult(result: HttpResult, contentType = 'application/json'): LambdaHttpResult {
  const hasBody = result.body !== undefined || result.text !== undefined;
  return {
    statusCode: result.status,
    headers: { ...(hasBody ? { 'content-type': contentType } : {}), 'cache-control': 'no-store', ...result.headers },
    body: result.text ?? (result.body !== undefined ? JSON.stringify(result.body) : ''),
  };
}
