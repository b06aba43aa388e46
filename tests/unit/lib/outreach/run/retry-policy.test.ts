import { retryDelaySeconds } from '../../../../../lib/outreach/run/retry-policy';

describe('retryDelaySeconds', () => {
  it('grows exponentially with full jitter', () => {
    expect(retryDelaySeconds(1, undefined, () => 1)).toBe(10);
    expect(retryDelaySeconds(2, undefined, () => 1)).toBe(20);
    expect(retryDelaySeconds(4, undefined, () => 1)).toBe(80);
    expect(retryDelaySeconds(4, undefined, () => 0.5)).toBe(40);
  });

  it('never waits less than a second nor more than 15 minutes', () => {
    expect(retryDelaySeconds(1, undefined, () => 0)).toBe(1);
    expect(retryDelaySeconds(30, undefined, () => 1)).toBe(900);
  });

  it("waits at least what the provider's retry-after asks", () => {
    expect(retryDelaySeconds(1, 120, () => 0.1)).toBe(120);
    expect(retryDelaySeconds(5, 3, () => 1)).toBe(160);
  });
});
