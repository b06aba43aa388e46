import { DependencyUnavailableError, HttpError } from '../errors';
import { isDependencyFailure } from './dependency-failure';
import type { HttpResult } from './http-result';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 problem details. `type` is a relative URI naming the kind of problem (docs/errors.md lists them). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  requestId: string;
  [extension: string]: unknown;
}

export function problemResult(error: HttpError, requestId: string, instance?: string): HttpResult {
  const body: Problem = {
    type: `/problems/${error.slug}`,
    title: error.title,
    status: error.status,
    detail: error.message,
    ...(instance ? { instance } : {}),
    requestId,
    ...error.extra,
  };
  return { status: error.status, body, headers: error.headers };
}

/**
 * Maps anything thrown to the HttpError it is answered with: typed errors as they are,
 * dependency failures as 503, and everything else as an opaque 500 (`unexpected: true`, for logging).
 */
export function classifyError(error: unknown): { error: HttpError; unexpected: boolean } {
  if (error instanceof HttpError) return { error, unexpected: false };
  if (isDependencyFailure(error)) {
    return {
      error: new DependencyUnavailableError('A service this API depends on is unavailable; retry later.', 5, error),
      unexpected: false,
    };
  }
  return {
    error: new HttpError(
      500,
      'internal-error',
      'Internal server error',
      'An unexpected error occurred; quote the requestId when reporting it.',
    ),
    unexpected: true,
  };
}
