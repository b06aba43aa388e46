/**
 * The local stack's start (issue 28): the peak resident memory of everything it runs, and the time
 * from its start to the first answer of the API (GET /health), against the same figures of the
 * emulators alone (DynamoDB Local, fauxqs and the SES emulator, with the table, queues and bucket):
 * the floor that serverless offline and the poller add to. Each started in a fresh process, as
 * `npm start` is, a few times in turn; the best time and the highest memory are kept.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { BenchResult } from './bench-result';
import { watchPeakRss } from './process-tree-memory';

/** The whole local stack's peak RSS (it was 5.6 GiB, its esbuild child alone 4.3 GiB). */
const MAX_PEAK_BYTES = 1.5 * 1024 ** 3;
/** Its time to the first answer, at most this many times the emulators' own start (it was about a minute). */
const MAX_START_RATIO = 3;
const ROUNDS = 2;
/** Memory is sampled this long after the first answer too: the poller's first polls, the first requests' modules. */
const SETTLE_MS = 3000;

interface Start {
  ms: number;
  peakBytes: number;
}

async function startOnce(mode: 'api' | 'emulators'): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'local-stack-main.ts'), mode], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const memory = watchPeakRss(child.pid!);
  try {
    const first = await new Promise<{ ready?: { baseUrl?: string }; error?: string }>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as never));
      child.once('exit', (code) => reject(new Error(`the ${mode} stack exited (${code}) before it was ready`)));
    });
    if (!first.ready) throw new Error(`the ${mode} stack did not start: ${first.error}`);
    if (first.ready.baseUrl) {
      // The first answer, as a caller who started `npm start` would get it.
      for (;;) {
        const status = await fetch(`${first.ready.baseUrl}/health`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { ms, peakBytes: await memory.stop() };
  } finally {
    await memory.stop();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    if (child.exitCode === null && child.signalCode === null) await exited;
  }
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function run(): Promise<BenchResult> {
  const floor: Start[] = [];
  const stack: Start[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    floor.push(await startOnce('emulators'));
    stack.push(await startOnce('api'));
  }
  const best = (starts: Start[]) => ({
    ms: Math.min(...starts.map((start) => start.ms)),
    peakBytes: Math.max(...starts.map((start) => start.peakBytes)),
  });
  const f = best(floor);
  const s = best(stack);
  const ratio = s.ms / f.ms;
  return {
    name: 'local stack: peak memory and time to the first answer',
    lines: [
      `emulators alone (the floor): ready in ${seconds(f.ms)}, peak RSS ${mib(f.peakBytes)}`,
      `whole stack (npm start's): first answer in ${seconds(s.ms)} (${ratio.toFixed(2)}x the floor), peak RSS ${mib(s.peakBytes)} (${(s.peakBytes / f.peakBytes).toFixed(2)}x the floor)`,
    ],
    targets: [
      { name: `whole stack's peak RSS ${mib(s.peakBytes)} <= ${mib(MAX_PEAK_BYTES)}`, pass: s.peakBytes <= MAX_PEAK_BYTES },
      { name: `time to the first answer ${ratio.toFixed(2)}x the emulators' start <= ${MAX_START_RATIO}x`, pass: ratio <= MAX_START_RATIO },
    ],
  };
}
