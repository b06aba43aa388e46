/**
 * Cold start: module initialisation of each bundled function (requiring its bundle: config parsed,
 * clients and schemas built) against a baseline bundle that only creates the same AWS SDK clients
 * (bench/function-bundles.ts). A fresh `node` per sample, function and baseline samples
 * interleaved, median of each (the baseline's pooled over the functions with the same clients).
 */
import { execFileSync } from 'node:child_process';
import type { BenchResult } from './bench-result';
import { bundleFunctions, clientLabel } from './function-bundles';
import { ratio } from './median-time';

/** A function's init at most this many times its baseline's (issue 6). */
const TARGET = 1.3;
const SAMPLES = 21;

/** What a deployed function has (lib/config.ts must accept it): names of a stage, fake credentials. */
const functionEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  STAGE: 'bench',
  TABLE_NAME: 'outreach-api-bench',
  JOBS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/outreach-api-bench-jobs',
  ACTIONS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/outreach-api-bench-actions',
  TRANSCRIPTS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/outreach-api-bench-transcripts',
  WEBHOOKS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/outreach-api-bench-webhooks',
  TRANSCRIPTS_BUCKET: 'outreach-api-bench-transcripts',
  POWERTOOLS_SERVICE_NAME: 'outreach-api',
  POWERTOOLS_LOG_LEVEL: 'INFO',
};

/** Milliseconds to require `file` in a fresh node (the process's own startup not counted). */
function initMs(file: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  return Number(execFileSync(process.execPath, ['-e', script], { env: functionEnv, encoding: 'utf8' }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function run(): Promise<BenchResult> {
  const { bundles } = await bundleFunctions();
  const baselineMs = new Map<string, number[]>();
  const lines = [`${'function'.padEnd(22)}  init ms  baseline ms  ratio  (target ≤ ${ratio(TARGET)}, median of ${SAMPLES} fresh processes; baseline = the same SDK clients only)`];
  const targets: BenchResult['targets'] = [];
  for (const bundle of bundles) {
    const own: number[] = [];
    // The baseline is sampled between the function's own samples (every other one), so both see the
    // same load; functions with the same clients pool their baseline samples.
    const base = baselineMs.get(bundle.baseline.file) ?? [];
    baselineMs.set(bundle.baseline.file, base);
    for (let sample = 0; sample < SAMPLES; sample++) {
      own.push(initMs(bundle.file));
      if (sample % 2 === 0) base.push(initMs(bundle.baseline.file));
    }
    const [ownMs, baseMs] = [median(own), median(base)];
    const measured = ownMs / baseMs;
    lines.push(`${bundle.name.padEnd(22)}  ${ownMs.toFixed(1).padStart(7)}  ${baseMs.toFixed(1).padStart(11)}  ${measured.toFixed(2)}x  ${clientLabel(bundle.clients)}`);
    // A function without any SDK client (the catch-all 404) has nothing to compare with.
    if (bundle.clients.length) targets.push({ name: `cold start ${bundle.name}: ${measured.toFixed(2)}x ≤ ${ratio(TARGET)}`, pass: measured <= TARGET });
  }
  return { name: 'cold start', lines, targets };
}
