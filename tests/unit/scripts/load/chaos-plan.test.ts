import { chaosPlan } from '../../../../scripts/load/chaos';
import { requestNumberOf } from '../../../../scripts/load/request-bodies';

describe('chaosPlan', () => {
  const seeds = Array.from({ length: 200 }, (_, seed) => seed);

  it('is the same plan for the same seed, so a run can be repeated', () => {
    expect(chaosPlan(1234, 2000)).toEqual(chaosPlan(1234, 2000));
    expect(chaosPlan(1234, 2000)).not.toEqual(chaosPlan(1235, 2000));
  });

  it('kills 3 to 5 times, both processes, taking turns', () => {
    const counts = new Set<number>();
    for (const seed of seeds) {
      const { kills } = chaosPlan(seed, 2000);
      counts.add(kills.length);
      expect(new Set(kills.map((kill) => kill.target))).toEqual(new Set(['offline', 'poller']));
      for (const [index, kill] of kills.entries()) if (index) expect(kill.target).not.toBe(kills[index - 1]!.target);
    }
    expect([...counts].sort()).toEqual([3, 4, 5]);
  });

  it('kills while the requests go out: in order, between 10 % and 90 % of the answers', () => {
    for (const seed of seeds) {
      const moments = chaosPlan(seed, 2000).kills.map((kill) => kill.afterAnswers);
      expect(moments).toEqual([...moments].sort((a, b) => a - b));
      for (const moment of moments) {
        expect(moment).toBeGreaterThanOrEqual(200);
        expect(moment).toBeLessThanOrEqual(1800);
      }
    }
  });
});

describe('requestNumberOf', () => {
  it("reads the load run's request number back from a job's request", () => {
    expect(requestNumberOf({ url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000001234/' })).toBe(1234);
    expect(requestNumberOf({ target: 'https://www.linkedin.com/in/loadabc-person-987' })).toBe(987);
    expect(requestNumberOf({ target: 'https://www.linkedin.com/in/someone-else' })).toBeUndefined();
    expect(requestNumberOf(undefined)).toBeUndefined();
  });
});
