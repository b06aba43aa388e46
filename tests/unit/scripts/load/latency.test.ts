import { latencyLine, quantile, type Answer } from '../../../../scripts/load/load-client';

/** `npm run load` prints p50/p95/p99 latency per kind of request beside its counts. */
describe('the load run’s latencies', () => {
  it('are nearest-rank quantiles', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

    expect([quantile(hundred, 0.5), quantile(hundred, 0.95), quantile(hundred, 0.99)]).toEqual([50, 95, 99]);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeUndefined();
  });

  it('leave out a request that got no answer', () => {
    const answer = (latencyMs?: number): Answer => ({ n: 0, kind: 'like', expected: 202, status: latencyMs ? 202 : 0, latencyMs });
    const answers = [answer(10.4), answer(20), answer(), answer(30)];

    expect(latencyLine(answers)).toBe('p50   20 ms  p95   30 ms  p99   30 ms');
    expect(latencyLine([answer()])).toBe('p50       -  p95       -  p99       -');
  });
});
