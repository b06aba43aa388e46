/**
 * Errors that mean "a dependency is down or throttling, try again later" rather than a bug:
 * AWS throttling and 5xx answers, and network failures reaching an endpoint.
 */
const retryableNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'KMSThrottlingException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export function isDependencyFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const meta = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  const code = (error as { code?: string }).code;
  return (
    retryableNames.has(error.name) ||
    (meta?.httpStatusCode !== undefined && meta.httpStatusCode >= 500) ||
    (code !== undefined && networkCodes.has(code))
  );
}
