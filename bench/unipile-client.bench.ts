/**
 * The Unipile provider as it is (plain `fetch`, checked against the official SDK by a contract test)
 * against the same provider calling through `unipile-node-sdk`: each bundled as the functions are
 * (esbuild, minified, node20, cjs), its size, zipped as Lambda takes it, and its cold start (CPU ms
 * to require it and build the client, a fresh `node` per sample, the two interleaved, median of each).
 * The baseline is the SDK's bundle: the figures say what calling Unipile through it would cost.
 * Target: the fetch provider's bundle is not larger than the SDK's (the reason it was kept,
 * docs/choices.md); cold start is printed, and held only to the same side.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { BenchResult } from './bench-result';
import { zipSize } from './function-bundles';
import { median, ratio } from './median-time';

const ROOT = path.join(__dirname, '..');
const SAMPLES = 21;

/** Each entry builds a client as a function's cold start would, and calls nothing. */
const entries = {
  fetch: `import { UnipileProvider } from '${path.join(ROOT, 'lib/network/unipile')}';
export const provider = new UnipileProvider({ dsn: 'api8.unipile.com:13851', apiKey: 'bench' });`,
  sdk: `import { UnipileClient } from 'unipile-node-sdk';
export const client = new UnipileClient('https://api8.unipile.com:13851', 'bench');`,
};

function initMs(file: string): number {
  const script = `const t=process.cpuUsage();require(${JSON.stringify(file)});const u=process.cpuUsage(t);process.stdout.write(String((u.user+u.system)/1e3))`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unipile-client-bench-'));
  try {
    const files: Record<keyof typeof entries, string> = { fetch: '', sdk: '' };
    for (const [name, source] of Object.entries(entries) as Array<[keyof typeof entries, string]>) {
      const entry = path.join(dir, `${name}-entry.ts`);
      writeFileSync(entry, source);
      files[name] = path.join(dir, `${name}.js`);
      await build({
        entryPoints: [entry],
        outfile: files[name],
        bundle: true,
        minify: true,
        target: 'node20',
        platform: 'node',
        format: 'cjs',
        logLevel: 'silent',
        nodePaths: [path.join(ROOT, 'node_modules')],
      });
    }
    const bytes = (name: keyof typeof entries) => readFileSync(files[name]);
    const size = { fetch: bytes('fetch').length, sdk: bytes('sdk').length };
    const zipped = { fetch: zipSize('fetch', bytes('fetch')), sdk: zipSize('sdk', bytes('sdk')) };
    const samples = { fetch: [] as number[], sdk: [] as number[] };
    for (let sample = 0; sample < SAMPLES; sample++) {
      const order: Array<keyof typeof entries> = sample % 2 ? ['sdk', 'fetch'] : ['fetch', 'sdk'];
      for (const name of order) samples[name].push(initMs(files[name]));
    }
    const init = { fetch: median(samples.fetch), sdk: median(samples.sdk) };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    return {
      name: 'Unipile client: fetch vs unipile-node-sdk',
      lines: [
        `${'client'.padEnd(18)}  ${'bundle'.padStart(10)}  ${'zipped'.padStart(10)}  ${'init ms'.padStart(8)}  (median of ${SAMPLES} fresh processes, CPU ms)`,
        `${'fetch (ours)'.padEnd(18)}  ${kb(size.fetch).padStart(10)}  ${kb(zipped.fetch).padStart(10)}  ${init.fetch.toFixed(1).padStart(8)}`,
        `${'unipile-node-sdk'.padEnd(18)}  ${kb(size.sdk).padStart(10)}  ${kb(zipped.sdk).padStart(10)}  ${init.sdk.toFixed(1).padStart(8)}`,
        `fetch / sdk: bundle ${ratio(size.fetch / size.sdk)}, zipped ${ratio(zipped.fetch / zipped.sdk)}, init ${(init.fetch / init.sdk).toFixed(3)}x`,
      ],
      targets: [
        { name: `Unipile client bundle: fetch ${ratio(zipped.fetch / zipped.sdk)} of the SDK's ≤ 1.00x`, pass: zipped.fetch <= zipped.sdk },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
