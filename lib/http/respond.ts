import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { newId } from '../ids';
import { logger } from '../log';
import { countRequest } from '../metrics';
import { PROBLEM_CONTENT_TYPE } from './problem';
import type { HttpResult, LambdaHttpResult } from './http-result';
import { toLambdaResult } from './http-result';

export interface RequestContext {
  requestId: string;
  route: string;
  path: string;
}

/**
 * API Gateway's request id; under serverless offline (which sets IS_OFFLINE) every event carries
 * the same placeholder, so a fresh id keeps local logs and answers traceable.
 */
export function requestIdOf(event: APIGatewayProxyEventV2): string {
  const id = event.requestContext?.requestId;
  return id && !process.env.IS_OFFLINE ? id : newId('req');
}

export function lowerCaseHeaders(headers: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** Finishes a result: content type, request id, one structured log line, and the Requests metric. */
export function respond(result: HttpResult, context: RequestContext, started: number, workspaceId?: string): LambdaHttpResult {
  const lambdaResult = toLambdaResult(result, result.status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json');
  lambdaResult.headers['x-request-id'] = context.requestId;
  logger.info('request', {
    requestId: context.requestId,
    route: context.route,
    status: result.status,
    latencyMs: Math.round(performance.now() - started),
    ...(workspaceId ? { workspaceId } : {}),
  });
  countRequest(context.route, result.status, context.requestId);
  return lambdaResult;
}
