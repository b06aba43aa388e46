/**
 * Cold start: module initialisation of each bundled function (the CPU time of requiring its bundle: config parsed,
 * clients and schemas built) against a baseline bundle that only creates the same AWS SDK clients, captured by the
 * X-Ray Tracer as the function's are (bench/function-bundles.ts). A fresh `node` per sample, function and baseline
 * samples interleaved, median of each. A function without an SDK client has no baseline: only its own init is sampled.
 */
import { execFileSync } from 'node:child_process';
import type { BenchResult } from './bench-result';
import { bundleFunctions, clientLabel } from './function-bundles';
import { median, ratio, ratioAgainst } from './median-time';

/** A function's init at most this many times its baseline's (issue 6). */
const TARGET = 1.3;
const SAMPLES = 21;

/**
 * What a deployed function has (lib/config.ts must accept it): names of a stage, fake credentials.
 * AWS_EXECUTION_ENV, as Lambda sets it, turns the X-Ray Tracer on (it patches HTTP and captures the
 * clients), as deployed.
 */
const functionEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
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
  NOTIFICATIONS_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/outreach-api-bench-notifications',
  TRANSCRIPTS_BUCKET: 'outreach-api-bench-transcripts',
  POWERTOOLS_SERVICE_NAME: 'outreach-api',
  POWERTOOLS_LOG_LEVEL: 'INFO',
  POWERTOOLS_METRICS_NAMESPACE: 'OutreachApi',
  // The secrets' SSM parameters, as deployed: read at first use, never at init (lib/secrets.ts).
  UNIPILE_API_KEY_PARAMETER: '/outreach-api/bench/unipile-api-key',
  UNIPILE_WEBHOOK_SECRET_PARAMETER: '/outreach-api/bench/unipile-webhook-secret',
  CONNECT_LINK_SECRET_PARAMETER: '/outreach-api/bench/connect-link-secret',
  REPORT_LINK_SECRET_PARAMETER: '/outreach-api/bench/report-link-secret',
};

/**
 * CPU milliseconds (user + system) to require `file` in a fresh node, the process's own startup not
 * counted. CPU time, not wall time: on this shared 2-core machine a process waits for a CPU for a
 * varying while, which would be measured as its init; on an idle machine (a Lambda's init) the two
 * are the same, the require doing no I/O beyond reading the bundle.
 */
function initMs(file: string): number {
  const script = `const t=process.cpuUsage();require(${JSON.stringify(file)});const u=process.cpuUsage(t);process.stdout.write(String((u.user+u.system)/1e3))`;
  return Number(execFileSync(process.execPath, ['-e', script], { env: functionEnv, encoding: 'utf8' }));
}

/** One row of the table: the columns aligned under the header's. */
const tableRow = (name: string, ownMs: string, baselineMs: string, againstBaseline: string, clients: string) =>
  `${name.padEnd(22)}  ${ownMs.padStart(7)}  ${baselineMs.padStart(11)}  ${againstBaseline.padStart(5)}  ${clients}`;

export async function run(): Promise<BenchResult> {
  // COLD_START_FUNCTIONS=transcriptsWorker,notificationsWorker measures only those (a run of all takes minutes).
  const only = process.env.COLD_START_FUNCTIONS?.split(',').filter(Boolean);
  const bundles = (await bundleFunctions()).bundles.filter((bundle) => !only?.length || only.includes(bundle.name));
  const lines = [
    `${'function'.padEnd(22)}  init ms  baseline ms  ratio  (target ≤ ${ratio(TARGET)}, CPU ms of the require, median of ${SAMPLES} fresh processes each; baseline = the same SDK clients only, traced as the function's)`,
  ];
  const targets: BenchResult['targets'] = [];
  for (const bundle of bundles) {
    if (!bundle.clients.length) {
      // A function without any SDK client (health, the reference, the catch-all 404) has nothing to
      // compare with: its baseline would be an empty module. Only its own init is sampled and printed.
      const ownMs = median(Array.from({ length: SAMPLES }, () => initMs(bundle.file)));
      lines.push(tableRow(bundle.name, ownMs.toFixed(1), '-', '-', clientLabel(bundle.clients, bundle.traced)));
      continue;
    }
    // Each function against its own baseline samples, taken in turn with its own (which goes first
    // alternates), so both see the same load: this machine's load changes within a run.
    const own: number[] = [];
    const base: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      if (sample % 2) {
        base.push(initMs(bundle.baseline.file));
        own.push(initMs(bundle.file));
      } else {
        own.push(initMs(bundle.file));
        base.push(initMs(bundle.baseline.file));
      }
    }
    const [ownMs, baseMs] = [median(own), median(base)];
    const measured = ownMs / baseMs;
    lines.push(
      tableRow(
        bundle.name,
        ownMs.toFixed(1),
        baseMs.toFixed(1),
        ratioAgainst(measured, TARGET),
        clientLabel(bundle.clients, bundle.traced),
      ),
    );
    targets.push({ name: `cold start ${bundle.name}: ${ratioAgainst(measured, TARGET)} ≤ ${ratio(TARGET)}`, pass: measured <= TARGET });
  }
  return { name: 'cold start', lines, targets };
}
