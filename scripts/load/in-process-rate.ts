/**
 * Child process of the throughput bench: drives one endpoint's handler in this process, without
 * serverless offline, against the same emulators, at the same concurrency, and reports requests/s,
 * the AWS calls each request made and the share of its time spent waiting for them. A process of
 * its own, so the bench's other modules (and their SDK clients) are not shared with it.
 *
 * Input: one JSON argument (InProcessJob); output: one JSON line (InProcessRate).
 */
import http from 'node:http';
import path from 'node:path';
import type { HttpHandler } from '../../lib/http/pipeline';
import { httpEvent } from '../../tests/helpers/factories';
import { measuredEndpoints, type EndpointContext } from './endpoints';
import { routeEntry } from '../../deploy/functions';

export interface InProcessJob {
  endpoint: string;
  context: EndpointContext;
  concurrency: number;
  warmUpSeconds: number;
  seconds: number;
  /** First sequence number, so bodies differ from the ones sent through serverless offline. */
  firstN: number;
}

export interface InProcessRate {
  requestsPerSecond: number;
  awsCallsPerRequest: number;
  /** Of the time requests were in the handler, the share spent waiting for AWS answers. */
  awsWaitShare: number;
  unexpected: number;
}

/** Counts every HTTP request the AWS SDK makes (the emulators are plain http) and the time until its answer ended. */
function countAwsCalls(): { calls: number; waitMs: number } {
  const counter = { calls: 0, waitMs: 0 };
  const original = http.request;
  const counted = ((...args: Parameters<typeof http.request>) => {
    counter.calls++;
    const started = performance.now();
    const request = original(...args);
    request.once('response', (response) => response.once('end', () => (counter.waitMs += performance.now() - started)));
    return request;
  }) as typeof http.request;
  http.request = counted;
  return counter;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as InProcessJob;
  const endpoint = measuredEndpoints.find((candidate) => candidate.name === job.endpoint);
  if (!endpoint) throw new Error(`unknown endpoint ${job.endpoint}`);
  const counter = countAwsCalls();
  const { handler } = (await import(path.join(__dirname, '..', '..', routeEntry(endpoint.route)))) as {
    handler: HttpHandler;
  };
  const { context } = job;
  const requestPath = endpoint.path(context);
  let n = job.firstN;
  let unexpected = 0;
  const send = async () => {
    const sequence = n++;
    const event = httpEvent({
      method: 'POST',
      path: requestPath,
      headers: { 'api-key': endpoint.apiKey(context, sequence) },
      body: endpoint.body?.(context, sequence),
      pathParameters: { webhookId: context.webhookId },
    });
    const result = await handler(event);
    if (result.statusCode !== endpoint.status) unexpected++;
  };
  const drive = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    let done = 0;
    let busyMs = 0;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          await send();
          busyMs += performance.now() - started;
          done++;
        }
      }),
    );
    return { done, busyMs };
  };
  await drive(job.warmUpSeconds);
  Object.assign(counter, { calls: 0, waitMs: 0 });
  unexpected = 0;
  const started = performance.now();
  const { done, busyMs } = await drive(job.seconds);
  const elapsed = performance.now() - started;
  const rate: InProcessRate = {
    requestsPerSecond: (done / elapsed) * 1000,
    awsCallsPerRequest: counter.calls / done,
    awsWaitShare: Math.min(1, counter.waitMs / busyMs),
    unexpected,
  };
  process.stdout.write(`${JSON.stringify(rate)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
