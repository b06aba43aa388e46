/**
 * Timeouts of every AWS SDK client. Without them a socket that never answers holds an invocation
 * until the Lambda timeout; with them it ends as a TimeoutError, which the SDK retries (maxAttempts
 * 3) and then reports as a dependency failure: a 503 on the API path, a retried record in a worker.
 *
 * An HTTP function has 10 s: three attempts of 2 s (plus the SDK's backoff) still leave time to
 * answer. DynamoDB and SQS answer in milliseconds; 2 s is a stuck request, not a slow one.
 */
export const AWS_CONNECTION_TIMEOUT_MS = 1_000;
export const AWS_REQUEST_TIMEOUT_MS = 2_000;
/** S3 carries transcripts of up to 5 MiB, on a function with 29 s. */
export const S3_REQUEST_TIMEOUT_MS = 8_000;

/** The `requestHandler` option of a client: the SDK builds its own Node HTTP handler from it. */
export function timedRequestHandler(requestTimeoutMs = AWS_REQUEST_TIMEOUT_MS): {
  connectionTimeout: number;
  requestTimeout: number;
  throwOnRequestTimeout: boolean;
} {
  // throwOnRequestTimeout: without it a request past its timeout only logs a warning and keeps waiting.
  return { connectionTimeout: AWS_CONNECTION_TIMEOUT_MS, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true };
}
