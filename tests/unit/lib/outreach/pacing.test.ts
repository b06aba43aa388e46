import { pacingOffsetSeconds } from '../../../../lib/outreach/pacing';

describe('pacingOffsetSeconds', () => {
  it('is the same for the same job and account (a redelivered job plans the same schedule)', () => {
    expect(pacingOffsetSeconds('job_1', 'acc_1', 600)).toBe(pacingOffsetSeconds('job_1', 'acc_1', 600));
  });

  it('stays inside the window and spreads accounts over it', () => {
    const offsets = Array.from({ length: 500 }, (_, i) => pacingOffsetSeconds('job_1', `acc_${i}`, 1800));

    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(1800);
    // Roughly uniform: each third of the window gets a fair share.
    for (const third of [0, 1, 2]) {
      const inThird = offsets.filter((offset) => Math.floor(offset / 600) === third).length;
      expect(inThird).toBeGreaterThan(120);
    }
  });

  it('is 0 without a window', () => {
    expect(pacingOffsetSeconds('job_1', 'acc_1', 0)).toBe(0);
  });
});
