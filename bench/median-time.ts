import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full garbage collection before each timed run, so one run does not pay for the last one's garbage. */
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  return gc ?? (() => undefined);
})();

/** The middle of `values` (the upper middle of an even count); `values` is left as it was. */
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Median milliseconds of `work` over `runs`, after `warmUps` untimed runs. */
export function medianMs(work: () => unknown, warmUps: number, runs: number): number {
  for (let run = 0; run < warmUps; run++) work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    collectGarbage();
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A ratio as printed: two decimals, so a target of 1.25x is not shown as 1.3x. */
export const ratio = (value: number) => `${value.toFixed(2)}x`;

/** `value` as a ratio, with a third decimal when two would print the target itself (a FAIL of "1.25x ≤ 1.25x"). */
export const ratioAgainst = (value: number, target: number) =>
  ratio(value) === ratio(target) && value !== target ? `${value.toFixed(3)}x` : ratio(value);
