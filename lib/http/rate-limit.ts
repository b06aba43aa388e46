import { TooManyRequestsError } from '../errors';
import type { Db } from '../store/client';
import type { RateWindow } from '../store/rate-counters';
import { countRequest } from '../store/rate-counters';

/**
 * Per-workspace request rate limit: fixed one-minute windows aligned on the clock's minutes,
 * counted in DynamoDB so that every Lambda of every function shares one count.
 * A fixed window lets a client make up to twice the limit across a window's edge; that is the
 * price of one write per request (a sliding window needs two counters or a log of requests).
 */

export const RATE_WINDOW_MS = 60_000;

/** The window `now` falls in: [start, end). */
export function rateWindowOf(now: Date): RateWindow {
  const start = Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  return { start: new Date(start), end: new Date(start + RATE_WINDOW_MS) };
}

/** Whole seconds from `now` to the window's end, rounded up and at least 1 (a `Retry-After` of 0 invites a busy loop). */
export function secondsUntilEnd(window: RateWindow, now: Date): number {
  return Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
}

/**
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds to the window's end), the
 * three plain-integer headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers, up to -07):
 * they let a client slow down before it is refused, and cost nothing (the counter's write
 * returns the count).
 */
export function rateLimitHeaders(limit: number, count: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, limit - count)),
    'ratelimit-reset': String(resetSeconds),
  };
}

/**
 * Counts one request of the workspace against `limit` requests a minute (0: no limit, nothing
 * counted). Answers the RateLimit headers for the response; throws TooManyRequestsError (429, with
 * `Retry-After`) when the window's requests are used up. A failing counter write (throttling, an
 * outage) is thrown as it is, and answered as any dependency failure (503 with `Retry-After`).
 */
export async function takeRequest(db: Db, workspaceId: string, limit: number, now: Date): Promise<Record<string, string>> {
  if (limit <= 0) return {};
  const window = rateWindowOf(now);
  const count = await countRequest(db, workspaceId, window, limit);
  const resetSeconds = secondsUntilEnd(window, now);
  if (count === undefined) throw new TooManyRequestsError(limit, resetSeconds, rateLimitHeaders(limit, limit, resetSeconds));
  return rateLimitHeaders(limit, count, resetSeconds);
}
