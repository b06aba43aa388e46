import { nextAttemptAt } from '../../../../lib/webhooks/retry-schedule';

const schedule = { initialSeconds: 30, maxDelaySeconds: 4 * 3600, retryForSeconds: 86_400 };
const start = new Date('2026-11-21T00:00:00Z');
const secondsAfter = (from: Date, next: Date | undefined) => (next!.getTime() - from.getTime()) / 1000;

describe('nextAttemptAt', () => {
  it('waits 3x longer after each failure, from 30 s, capped at 4 hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) =>
      secondsAfter(
        start,
        nextAttemptAt(schedule, start, attempts, start, () => 0.5),
      ),
    );

    expect(waits).toEqual([30, 90, 270, 810, 2430, 7290, 14_400, 14_400]);
  });

  it('spreads each wait by ±25% (jitter), so retries of many deliveries do not arrive together', () => {
    expect(
      secondsAfter(
        start,
        nextAttemptAt(schedule, start, 2, start, () => 0),
      ),
    ).toBe(67.5);
    expect(
      secondsAfter(
        start,
        nextAttemptAt(schedule, start, 2, start, () => 0.999999),
      ),
    ).toBeCloseTo(112.5, 1);
  });

  it('never waits longer than the longest wait, jitter included', () => {
    expect(
      secondsAfter(
        start,
        nextAttemptAt(schedule, start, 8, start, () => 0.999999),
      ),
    ).toBe(14_400);
    expect(
      secondsAfter(
        start,
        nextAttemptAt(schedule, start, 8, start, () => 0),
      ),
    ).toBe(10_800);
  });

  it('retries for about a day from the first attempt, then gives up', () => {
    let now = start;
    let attempts = 0;
    for (
      let next = nextAttemptAt(schedule, start, 1, now, () => 0.5);
      next;
      next = nextAttemptAt(schedule, start, attempts + 1, now, () => 0.5)
    ) {
      attempts += 1;
      now = next;
    }

    expect(attempts).toBeGreaterThanOrEqual(8);
    expect((now.getTime() - start.getTime()) / 3600_000).toBeGreaterThan(20);
    expect((now.getTime() - start.getTime()) / 3600_000).toBeLessThanOrEqual(24);
  });
});
