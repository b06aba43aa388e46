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
  // Duck-typed: errors raised by Node's own modules may come from another realm than `Error`.
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: string }).name ?? '';
  const meta = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  const code = (error as { code?: string }).code;
  // The SDK may wrap a socket error in a new Error whose message is all that names the cause.
  const message = String((error as { message?: unknown }).message ?? '');
  return (
    retryableNames.has(name) ||
    (meta?.httpStatusCode !== undefined && meta.httpStatusCode >= 500) ||
    (code !== undefined && networkCodes.has(code)) ||
    [...networkCodes].some((networkCode) => message.includes(networkCode))
  );
}
