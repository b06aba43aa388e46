import type { Job } from '../../../../lib/store/jobs';
import { finalStatusOf } from '../../../../lib/store/job-ends';

type Counts = Pick<Job, 'succeeded' | 'failed' | 'rejected' | 'expired'>;

describe('finalStatusOf', () => {
  it.each<[Counts, string]>([
    [{ succeeded: 3, failed: 0 }, 'succeeded'],
    [{ succeeded: 0, failed: 2 }, 'failed'],
    [{ succeeded: 2, failed: 1 }, 'partially_failed'],
    // A rejection is a decision, not a failure.
    [{ succeeded: 2, failed: 0, rejected: 1 }, 'succeeded'],
    [{ succeeded: 2, failed: 0, expired: 1 }, 'partially_failed'],
    [{ succeeded: 0, failed: 0, rejected: 1 }, 'rejected'],
    [{ succeeded: 0, failed: 0, expired: 2 }, 'expired'],
    [{ succeeded: 0, failed: 1, rejected: 1 }, 'failed'],
    [{ succeeded: 0, failed: 0, rejected: 1, expired: 1 }, 'failed'],
  ])('%o → %s', (counts, status) => {
    const total = counts.succeeded + counts.failed + (counts.rejected ?? 0) + (counts.expired ?? 0);
    expect(finalStatusOf({ total, ...counts })).toBe(status);
  });
});
