/** How failed deliveries are retried (WEBHOOK_RETRY_* settings). */
export interface RetrySchedule {
  initialSeconds: number;
  maxDelaySeconds: number;
  /** Retries stop when the next would start after this long from the round's first attempt. */
  retryForSeconds: number;
}

/** Each wait is this many times the previous one. */
const FACTOR = 3;

/**
 * When to try again after the `roundAttempts`-th failed attempt of a round that started at
 * `roundStartedAt`: exponential backoff (×3) with ±25% jitter, so a receiver that came back is
 * not hit by every delivery at once, never longer than `maxDelaySeconds`. Undefined when the next attempt would fall outside
 * the retry window (about a day): the delivery then ends `failed`.
 */
export function nextAttemptAt(
  schedule: RetrySchedule,
  roundStartedAt: Date,
  roundAttempts: number,
  now: Date,
  random: () => number = Math.random,
): Date | undefined {
  const backoff = Math.min(schedule.maxDelaySeconds, schedule.initialSeconds * FACTOR ** Math.max(0, roundAttempts - 1));
  // Capped again after the jitter: the longest wait is the setting's, as documented.
  const delaySeconds = Math.min(schedule.maxDelaySeconds, backoff * (0.75 + 0.5 * random()));
  const next = new Date(now.getTime() + delaySeconds * 1000);
  return next.getTime() - roundStartedAt.getTime() <= schedule.retryForSeconds * 1000 ? next : undefined;
}
