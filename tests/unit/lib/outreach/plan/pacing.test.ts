import { pacingOffsetMs } from '../../../../../lib/outreach/plan/pacing';

describe('pacingOffsetMs', () => {
  it('is the same for the same job and account (a redelivered job plans the same schedule)', () => {
    expect(pacingOffsetMs('job_1', 'acc_1', 600)).toBe(pacingOffsetMs('job_1', 'acc_1', 600));
  });

  it('stays inside the window and spreads accounts over it', () => {
    const offsets = Array.from({ length: 500 }, (_, i) => pacingOffsetMs('job_1', `acc_${i}`, 1800));

    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(1800 * 1000);
    // Roughly uniform: each third of the window gets a fair share.
    for (const third of [0, 1, 2]) {
      const inThird = offsets.filter((offset) => Math.floor(offset / 600_000) === third).length;
      expect(inThird).toBeGreaterThan(120);
    }
  });

  it('spreads a short window to the millisecond, not into a few whole seconds', () => {
    const offsets = new Set(Array.from({ length: 50 }, (_, i) => pacingOffsetMs('job_1', `acc_${i}`, 5)));

    expect(offsets.size).toBeGreaterThan(45);
  });

  it('is 0 without a window', () => {
    expect(pacingOffsetMs('job_1', 'acc_1', 0)).toBe(0);
  });
});
