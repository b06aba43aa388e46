/** First retry after up to this long (ACTION_RETRY_BASE_SECONDS); doubles each attempt (full jitter), capped. */
const BASE_SECONDS = 10;
const CAP_SECONDS = 15 * 60;

/**
 * Seconds to wait before attempt `attempt + 1`: exponential backoff with full jitter, or at least
 * what the provider asked for (`retry-after`).
 */
export function retryDelaySeconds(
  attempt: number,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
  baseSeconds = BASE_SECONDS,
): number {
  const ceiling = Math.min(CAP_SECONDS, baseSeconds * 2 ** Math.max(0, attempt - 1));
  const backoff = Math.max(1, Math.round(ceiling * random()));
  return Math.max(backoff, Math.ceil(retryAfterSeconds ?? 0));
}
