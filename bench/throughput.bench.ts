/**
 * Throughput through the local stack: autocannon against serverless offline for each POST endpoint
 * that takes an api key (scripts/load/endpoints.ts says which, and why not the others), next to
 * `GET /health`, a handler that does nothing, served the same way in the same run. Target: each
 * endpoint ≥ 0.6× the trivial handler's requests/s.
 *
 * Where an endpoint misses it, the lines under it say what costs: the same handler driven in a
 * process of its own without serverless offline (same emulators, same concurrency), the AWS calls
 * each request makes and the share of its time spent waiting for them, and what DynamoDB Local
 * alone serves of its cheapest call (GetItem) at that concurrency.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTestWorkspace } from '../tests/helpers/factories';
import { WebhookReceiver } from '../tests/helpers/webhook-receiver';
import { measuredEndpoints, type EndpointContext, type MeasuredEndpoint } from '../scripts/load/endpoints';
import type { InProcessJob, InProcessRate } from '../scripts/load/in-process-rate';
import { createLoadWorkspace } from '../scripts/load/load-workspace';
import { startMeasurementStack, type MeasurementStack } from '../scripts/load/measurement-stack';
import { waitForIdleQueues } from '../scripts/load/queue-depths';
import { keys } from '../lib/store/keys';
import type { BenchResult } from './bench-result';
import { ratio } from './median-time';

const CONCURRENCY = 10;
const WARM_UP_SECONDS = 1;
const SECONDS = 3;
const TARGET_RATIO = 0.6;
/** Enough webhook slots (20 each) for the creations through offline and then in-process, which goes on from where offline ended. */
const WEBHOOK_WORKSPACES = 250;

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers with another status than a valid request gets, by status. */
  unexpected: Record<string, number>;
}

const run$ = promisify(execFile);

/** autocannon for `seconds`; each request gets the endpoint's body for the next sequence number. */
async function measure(
  measurement: MeasurementStack,
  endpoint: MeasuredEndpoint | undefined,
  context: EndpointContext,
  seconds: number,
  counter: { n: number },
): Promise<Measured> {
  const request: autocannon.Request = endpoint
    ? {
        method: 'POST',
        path: endpoint.path(context),
        setupRequest: (sent: autocannon.Request) => {
          const n = counter.n++;
          const body = endpoint.body?.(context, n);
          return {
            ...sent,
            headers: { 'api-key': endpoint.apiKey(context, n), 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          };
        },
      }
    : { method: 'GET', path: '/health' };
  const capacity = endpoint?.capacity?.(context);
  const result = await autocannon({
    url: measurement.baseUrl,
    connections: CONCURRENCY,
    duration: seconds,
    requests: [request],
    ...(capacity ? { maxOverallRequests: Math.max(CONCURRENCY, capacity - counter.n) } : {}),
  });
  const expected = endpoint?.status ?? 200;
  const unexpected: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats as Record<string, { count: number }>))
    if (Number(status) !== expected) unexpected[status] = count;
  if (result.errors + result.timeouts > 0) unexpected.errors = result.errors + result.timeouts;
  return { requestsPerSecond: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, unexpected };
}

async function inProcessRate(
  measurement: MeasurementStack,
  endpoint: MeasuredEndpoint,
  context: EndpointContext,
  firstN: number,
): Promise<InProcessRate> {
  const job: InProcessJob = {
    endpoint: endpoint.name,
    context,
    concurrency: CONCURRENCY,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds: SECONDS,
    firstN,
  };
  const { stdout } = await run$(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'scripts', 'load', 'in-process-rate.ts'), JSON.stringify(job)],
    {
      env: {
        ...process.env,
        ...measurement.stack.env,
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as InProcessRate;
}

/** What DynamoDB Local alone serves of its cheapest call, GetItem of one small item, at the same concurrency. */
async function dynamoDbGetItemRate(measurement: MeasurementStack, workspaceId: string): Promise<number> {
  const { db } = measurement;
  const get = () => db.client.send(new GetCommand({ TableName: db.table, Key: keys.workspace(workspaceId) }));
  const drive = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (; Date.now() < until; done++) await get();
      }),
    );
    return done / seconds;
  };
  await drive(1);
  return drive(SECONDS);
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`.padStart(12);
const ms = (value: number) => `${value} ms`.padStart(7);
const statuses = (unexpected: Record<string, number>) =>
  Object.keys(unexpected).length
    ? `  unexpected answers: ${Object.entries(unexpected)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')}`
    : '';

export async function run(): Promise<BenchResult> {
  const measurement = await startMeasurementStack('throughput-bench', { env: { PACING_WINDOW_SECONDS: '1' } });
  const receiver = await new WebhookReceiver().start();
  try {
    const { db } = measurement;
    // Actions are paced over 10 minutes, so the workers do not run them while endpoints are measured.
    const workspace = await createLoadWorkspace(db, { accounts: 4, groups: 2, groupSize: 2, pacingWindowSeconds: 600 });
    const webhookWorkspaces = [];
    for (let i = 0; i < WEBHOOK_WORKSPACES; i++) webhookWorkspaces.push(await createTestWorkspace(db, { accounts: 0, groups: {} }));
    const pinged = await fetch(`${measurement.baseUrl}/api/v1/webhooks`, {
      method: 'POST',
      headers: { 'api-key': workspace.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url('/ping'), events: ['job.failed'] }),
    });
    const context: EndpointContext = {
      target: { workspace, runId: `tp${Date.now().toString(36)}` },
      webhookWorkspaces,
      receiverUrl: receiver.url(''),
      webhookId: ((await pinged.json()) as { webhookId: string }).webhookId,
    };

    const lines = [
      `serverless offline, ${CONCURRENCY} connections, ${SECONDS} s per endpoint after ${WARM_UP_SECONDS} s of warm-up (fills its pool of workers)`,
    ];
    await measure(measurement, undefined, context, WARM_UP_SECONDS, { n: 0 });
    const health = await measure(measurement, undefined, context, SECONDS, { n: 0 });
    lines.push(`GET /health (trivial)      ${perSecond(health.requestsPerSecond)}  p50 ${ms(health.p50)}  p99 ${ms(health.p99)}`);
    const targets: BenchResult['targets'] = [];
    for (const endpoint of measuredEndpoints) {
      // The previous endpoint's background work (job planning, deliveries) must not slow this one.
      await waitForIdleQueues(measurement.sqs, measurement.stack.resources.queues, 30_000);
      const counter = { n: 0 };
      await measure(measurement, endpoint, context, WARM_UP_SECONDS, counter);
      const result = await measure(measurement, endpoint, context, SECONDS, counter);
      const share = result.requestsPerSecond / health.requestsPerSecond;
      await waitForIdleQueues(measurement.sqs, measurement.stack.resources.queues, 30_000);
      const inProcess = await inProcessRate(measurement, endpoint, context, counter.n);
      lines.push(
        `POST ${endpoint.name.padEnd(21)} ${perSecond(result.requestsPerSecond)}  p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  ${ratio(share).padStart(5)} of /health  ${share >= TARGET_RATIO ? 'PASS' : 'FAIL'}${statuses(result.unexpected)}`,
        `     without offline: ${perSecond(inProcess.requestsPerSecond)}, ${inProcess.awsCallsPerRequest.toFixed(1)} AWS calls a request, ${Math.round(inProcess.awsWaitShare * 100)}% of its time waiting for them${inProcess.unexpected ? `, ${inProcess.unexpected} unexpected answers` : ''}`,
      );
      targets.push({
        name: `POST ${endpoint.name}: ≥ ${TARGET_RATIO}x the requests/s of GET /health through serverless offline`,
        pass: share >= TARGET_RATIO,
      });
      targets.push({
        name: `POST ${endpoint.name}: every answer ${endpoint.status}`,
        pass: Object.keys(result.unexpected).length === 0 && inProcess.unexpected === 0,
      });
    }
    await waitForIdleQueues(measurement.sqs, measurement.stack.resources.queues, 30_000);
    const healthAfter = await measure(measurement, undefined, context, SECONDS, { n: 0 });
    lines.push(
      `GET /health again          ${perSecond(healthAfter.requestsPerSecond)}  p50 ${ms(healthAfter.p50)}  p99 ${ms(healthAfter.p99)}`,
    );
    const getItem = await dynamoDbGetItemRate(measurement, workspace.workspaceId);
    lines.push(
      `DynamoDB Local alone, GetItem of one small item: ${perSecond(getItem)} (${ratio(getItem / health.requestsPerSecond)} of /health)`,
    );
    return { name: 'throughput through the local stack', lines, targets };
  } finally {
    await receiver.stop();
    await measurement.stack.stop();
  }
}
