/**
 * Bundle size: each function's minified bundle and its .zip against the baseline bundle of the
 * same SDK clients (bench/function-bundles.ts), and against the budgets in each function's definition
 * (enforced by tests/slow/bench/bundle-budgets.test.ts too).
 */
import type { BenchResult } from './bench-result';
import { bundleBudgets } from './bundle-budgets';
import { bundleFunctions, clientLabel } from './function-bundles';
import { ratio } from './median-time';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The bundles are removed by bench/run.ts once every bench has run (cold start measures the same ones). */
export async function run(): Promise<BenchResult> {
  const { bundles } = await bundleFunctions();
  const lines = [
    `${'function'.padEnd(22)}  ${'bundle'.padStart(9)}  ${'zip'.padStart(8)}  ${'baseline'.padStart(9)}  ${'zip'.padStart(8)}  bundle/baseline  zip budget`,
  ];
  const over: string[] = [];
  for (const bundle of bundles) {
    const budget = bundleBudgets[bundle.name];
    if (!budget || bundle.zipBytes > budget.zipBytes || bundle.bytes > budget.bytes) over.push(bundle.name);
    // A function with no SDK client is held to its budget only: its baseline is an empty module.
    const againstBaseline = bundle.clients.length ? ratio(bundle.bytes / bundle.baseline.bytes) : '-';
    lines.push(
      `${bundle.name.padEnd(22)}  ${kib(bundle.bytes).padStart(9)}  ${kib(bundle.zipBytes).padStart(8)}  ${kib(bundle.baseline.bytes).padStart(9)}  ${kib(bundle.baseline.zipBytes).padStart(8)}  ${againstBaseline.padStart(15)}  ${budget ? kib(budget.zipBytes) : 'none'}  ${clientLabel(bundle.clients, bundle.traced)}`,
    );
  }
  return {
    name: 'bundle size',
    lines,
    targets: [
      {
        name: `every bundle within its budget (each function's definition)${over.length ? `: over or missing: ${over.join(', ')}` : ''}`,
        pass: over.length === 0,
      },
    ],
  };
}
