/**
 * The integration project's tests get their 120 s. A `testTimeout` in the project's config looked
 * right and did nothing (jest reads it from the top level only): the tests had 30 s, and those that
 * wait for the stack's recovery from a stuck invocation failed under load. (Not imported from
 * tests/helpers/integration-timeout.ts: importing it would set the timeout it is meant to check.)
 */
describe('integration test timeout', () => {
  it('is 120 s or more (as loaded as the machine is), set by jest.setTimeout where jest-circus reads it when a file starts', () => {
    // Where jest.setTimeout leaves the value and jest-circus takes it from (its `run_start` event).
    const timeout = (globalThis as Record<symbol, unknown>)[Symbol.for('TEST_TIMEOUT_SYMBOL')] as number;
    const scale = Number(process.env.TEST_TIMEOUT_SCALE) > 0 ? Number(process.env.TEST_TIMEOUT_SCALE) : 1;

    expect(timeout).toBeGreaterThanOrEqual(120_000 * scale);
    expect(timeout).toBeLessThanOrEqual(4 * 120_000 * scale);
  });
});
