import { TooManyRequestsError } from '../../../../lib/errors';
import { problemResult } from '../../../../lib/http/problem';
import { rateLimitHeaders, rateWindowOf, secondsUntilEnd } from '../../../../lib/http/rate-limit';

const at = (iso: string) => new Date(iso);

describe('rateWindowOf', () => {
  it.each([
    ['2025-03-04T10:15:00.000Z', '2025-03-04T10:15:00.000Z', '2025-03-04T10:16:00.000Z'],
    ['2025-03-04T10:15:59.999Z', '2025-03-04T10:15:00.000Z', '2025-03-04T10:16:00.000Z'],
    ['2025-03-04T10:16:00.000Z', '2025-03-04T10:16:00.000Z', '2025-03-04T10:17:00.000Z'],
    ['2025-12-31T23:59:30.500Z', '2025-12-31T23:59:00.000Z', '2026-01-01T00:00:00.000Z'],
  ])('puts %s in the minute [%s, %s)', (now, start, end) => {
    expect(rateWindowOf(at(now))).toEqual({ start: at(start), end: at(end) });
  });

  it('gives every instant of a minute the same window, so every Lambda counts in the same item', () => {
    const starts = new Set(
      Array.from({ length: 600 }, (_, i) => rateWindowOf(new Date(Date.UTC(2025, 0, 1, 8, 30) + i * 100)).start.toISOString()),
    );

    expect([...starts]).toEqual(['2025-01-01T08:30:00.000Z']);
  });
});

describe('secondsUntilEnd (Retry-After)', () => {
  const window = rateWindowOf(at('2025-03-04T10:15:00.000Z'));

  it.each([
    ['2025-03-04T10:15:00.000Z', 60],
    ['2025-03-04T10:15:00.001Z', 60],
    ['2025-03-04T10:15:30.000Z', 30],
    ['2025-03-04T10:15:58.001Z', 2],
    ['2025-03-04T10:15:59.000Z', 1],
    ['2025-03-04T10:15:59.999Z', 1],
  ])('at %s is %i s: whole seconds, rounded up, so a retry never lands in the full window', (now, seconds) => {
    expect(secondsUntilEnd(window, at(now))).toBe(seconds);
  });

  it('is at least 1 even at (or past) the end', () => {
    expect(secondsUntilEnd(window, window.end)).toBe(1);
    expect(secondsUntilEnd(window, new Date(window.end.getTime() + 5000))).toBe(1);
  });
});

describe('rateLimitHeaders', () => {
  it('says the limit, what is left of it (never below 0) and when it resets', () => {
    expect(rateLimitHeaders(600, 1, 42)).toEqual({ 'ratelimit-limit': '600', 'ratelimit-remaining': '599', 'ratelimit-reset': '42' });
    expect(rateLimitHeaders(600, 600, 3)).toMatchObject({ 'ratelimit-remaining': '0' });
  });
});

describe('TooManyRequestsError', () => {
  it('is a 429 problem with Retry-After and the headers it is given', () => {
    const result = problemResult(new TooManyRequestsError(600, 17, rateLimitHeaders(600, 600, 17)), 'req-1', '/api/v1/jobs/x');

    expect(result).toEqual({
      status: 429,
      headers: { 'retry-after': '17', 'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': '17' },
      body: {
        type: '/problems/rate-limited',
        title: 'Too many requests',
        status: 429,
        detail: 'The workspace has made its 600 requests of this minute; retry after 17 s.',
        instance: '/api/v1/jobs/x',
        requestId: 'req-1',
      },
    });
  });
});
