import { DependencyUnavailableError, HttpError, ProviderError } from '../errors';

/**
 * Runs a call to the network provider on behalf of a request, answering its failure as the request's:
 * one worth retrying (a timeout, a 5xx, a 429) is a 503 with `Retry-After`; a refusal named in
 * `refusedAs` is that error; any other refusal is a 502 (`provider-refused`) naming the provider's
 * reason, never its message.
 */
export async function askProvider<T>(call: () => Promise<T>, refusedAs: Record<string, () => HttpError> = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A refusal that says the request itself was wrong (a login the provider does not know) is the caller's 4xx.
    const asCallers = refusedAs[error.reason];
    if (asCallers) throw asCallers();
    // Without the provider's error as `cause`: its message quotes the provider's answer, which may
    // quote the link's notify URL, and the pipeline logs a 5xx with its cause. Its reason says enough.
    if (error.retryable) {
      throw new DependencyUnavailableError(
        `The network provider is unavailable (${error.reason}); retry later.`,
        error.retryAfterSeconds ?? 5,
      );
    }
    throw new HttpError(502, 'provider-refused', 'Bad gateway', `The network provider refused the call (${error.reason}).`, {
      extra: { reason: error.reason },
    });
  }
}
