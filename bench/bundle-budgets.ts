import { allFunctions } from '../deploy/functions';
import type { BundleBudget } from '../lib/function-deployment';

/** Largest minified bundle and .zip each function may have, in bytes: each function's definition says (`deployment.bundle`). */
export const bundleBudgets: Readonly<Record<string, BundleBudget>> = Object.fromEntries(
  allFunctions.map((fn) => [fn.name, fn.deployment.bundle]),
);
