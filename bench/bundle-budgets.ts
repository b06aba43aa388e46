import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Largest minified bundle and .zip each function may have, in bytes (bench/bundle-budgets.json). */
export interface BundleBudget {
  bytes: number;
  zipBytes: number;
}

export const bundleBudgets = JSON.parse(readFileSync(path.join(__dirname, 'bundle-budgets.json'), 'utf8')).functions as Record<
  string,
  BundleBudget
>;
