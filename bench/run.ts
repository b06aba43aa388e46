/**
 * Runs every `bench/*.bench.ts` (each exports `run(): Promise<BenchResult>`), prints its lines and
 * a PASS or FAIL per target, and exits with 1 when a target is missed.
 *
 *   npm run bench
 *   npm run bench -- cold-start bundle-size   (only the benches whose file name contains one of these)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from './bench-result';
import { cleanUpBundles } from './function-bundles';

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts') && (only.length === 0 || only.some((name) => file.includes(name))))
    .sort();
  let failed = 0;
  try {
    for (const file of files) {
      const bench = (await import(join(__dirname, file))) as { run: () => Promise<BenchResult> };
      const result = await bench.run();
      console.log(`# ${result.name} (${file})`);
      for (const line of result.lines) console.log(line);
      for (const target of result.targets) {
        console.log(`${target.pass ? 'PASS' : 'FAIL'} ${target.name}`);
        if (!target.pass) failed++;
      }
    }
  } finally {
    // The functions are bundled once for the benches that need them (bundle size, cold start).
    await cleanUpBundles();
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
