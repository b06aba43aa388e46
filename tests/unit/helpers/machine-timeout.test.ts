import { machineTimeout } from '../../helpers/machine-timeout';

describe('machineTimeout', () => {
  const scale = process.env.TEST_TIMEOUT_SCALE;
  afterEach(() => {
    if (scale === undefined) delete process.env.TEST_TIMEOUT_SCALE;
    else process.env.TEST_TIMEOUT_SCALE = scale;
  });

  it('is the idle figure on an idle machine, and grows with the load per core, up to 4 times', () => {
    delete process.env.TEST_TIMEOUT_SCALE;

    expect(machineTimeout(10_000, [0.5], 2)).toBe(10_000);
    expect(machineTimeout(10_000, [5], 2)).toBe(25_000);
    expect(machineTimeout(10_000, [40], 2)).toBe(40_000);
  });

  it('is scaled by TEST_TIMEOUT_SCALE for a slower machine', () => {
    process.env.TEST_TIMEOUT_SCALE = '2';

    expect(machineTimeout(10_000, [1], 2)).toBe(20_000);
  });
});
