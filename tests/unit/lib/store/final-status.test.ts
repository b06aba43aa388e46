import { finalStatusOf } from '../../../../lib/store/jobs';

describe('finalStatusOf', () => {
  it.each([
    [3, 0, 'succeeded'],
    [0, 2, 'failed'],
    [2, 1, 'partially_failed'],
  ])('%i succeeded and %i failed → %s', (succeeded, failed, status) => {
    expect(finalStatusOf({ succeeded, failed })).toBe(status);
  });
});
