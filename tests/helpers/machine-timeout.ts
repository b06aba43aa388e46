import os from 'node:os';

/** The most a loaded machine stretches a timeout: past this, the wait is hiding a hang. */
const MAX_LOAD_FACTOR = 4;

/**
 * A timeout for this machine now: `ms`, what the wait takes on an idle 2-core machine with room to
 * spare, times how loaded the machine is (its 1-minute load average per core, from 1 to 4), times
 * TEST_TIMEOUT_SCALE when set (a slower machine's CI). A step that is slow on a loaded machine is
 * slow, not wrong: a fixed 10 s for a browser's screenshot, or 120 s to package the stack, failed
 * there (issue 28).
 */
export function machineTimeout(ms: number, load: readonly number[] = os.loadavg(), cores = os.availableParallelism()): number {
  const perCore = (load[0] ?? 0) / Math.max(1, cores);
  const scale = Number(process.env.TEST_TIMEOUT_SCALE) > 0 ? Number(process.env.TEST_TIMEOUT_SCALE) : 1;
  return Math.round(ms * Math.min(MAX_LOAD_FACTOR, Math.max(1, perCore)) * scale);
}
