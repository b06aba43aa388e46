/**
 * Handler overhead and AWS calls per request, for every HTTP handler on a warm container.
 *
 * Starts the emulators (DynamoDB Local, fauxqs) on free ports, records one request per handler
 * (bench/http-scenarios.ts), then replays each from memory (bench/aws-tape.ts): the handler, and
 * the same AWS commands sent through bare SDK clients, both through the same replaying transport,
 * so serialisation, signing and parsing run in both and only the network is left out. CPU time
 * (process.cpuUsage) per request, median of batches, handler and baseline batches interleaved.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { findFreePorts } from '../scripts/local-stack/ports';
import { startLocalStack } from '../scripts/local-stack/stack';
import { awsCallsOf, expectedAwsCalls } from './aws-calls-per-request';
import { AwsTape, sendCommands, watchClients, type WatchedClients } from './aws-tape';
import type { BenchResult } from './bench-result';
import type { EndpointRecording } from './http-scenarios';
import { collectGarbage, median, ratio, ratioAgainst } from './median-time';

/** Handler CPU per request at most this many times the bare SDK calls' (issue 6). */
const TARGET = 1.25;
const WARM_UPS = 40;
const BATCHES = 21;
const PER_BATCH = 30;

/**
 * The environment the handlers run with on top of the stack's. Every cache of theirs outlives the
 * run: one that expired between a request's recording and its replay changes the AWS calls the
 * replay makes, and the bench stopped on a busy machine ("the replayed request made DynamoDB
 * BatchGetItem, which its recording did not": the group directory's 30 s). A unit test checks that
 * each `*_CACHE_SECONDS` of lib/config.ts is here.
 */
export const benchEnv = {
  AUTH_CACHE_SECONDS: '3600',
  GROUP_CACHE_SECONDS: '3600',
  UNIPILE_WEBHOOK_SECRET: 'bench-webhook-secret',
  PACING_WINDOW_SECONDS: '1',
};

/**
 * Runs `work` with stdout swallowed: the handlers still build and format their log line for each
 * request (Powertools), but the terminal's I/O is not what is measured.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return await work();
  } finally {
    process.stdout.write = write;
  }
}

/** Median CPU µs per call of `a` and of `b`, in interleaved batches (alternating which goes first). */
async function cpuMicros(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let run = 0; run < WARM_UPS; run++) {
    await a();
    await b();
  }
  const samples: [number[], number[]] = [[], []];
  const batch = async (work: () => Promise<unknown>, into: number[]) => {
    collectGarbage();
    const start = process.cpuUsage();
    for (let run = 0; run < PER_BATCH; run++) await work();
    const used = process.cpuUsage(start);
    into.push((used.user + used.system) / PER_BATCH);
  };
  for (let round = 0; round < BATCHES; round++) {
    if (round % 2) {
      await batch(b, samples[1]);
      await batch(a, samples[0]);
    } else {
      await batch(a, samples[0]);
      await batch(b, samples[1]);
    }
  }
  return [median(samples[0]), median(samples[1])];
}

/** Replays one recording (named `name`) through its handler, checking the replay took the recorded path. */
function replayer(tape: AwsTape, endpoint: EndpointRecording, name: string): () => Promise<unknown> {
  return async () => {
    tape.replay(endpoint.recording);
    const result = await endpoint.handler(endpoint.event);
    if (result.statusCode !== endpoint.status || tape.unusedResponses() !== 0) {
      throw new Error(`the replay of ${name} answered ${result.statusCode} with ${tape.unusedResponses()} recorded responses unused`);
    }
  };
}

/** The transcript endpoint's body: big enough that reading it is most of the request's own work. */
const TRANSCRIPT_ROUTE = 'POST /api/v1/transcript/add';

/** The baseline of `endpoint`: its recorded AWS commands sent in order through the bare clients. */
function bareSdkReplayer(tape: AwsTape, bare: WatchedClients, endpoint: EndpointRecording): () => Promise<unknown> {
  return async () => {
    tape.replay(endpoint.recording);
    await sendCommands(bare, endpoint.recording.commands);
  };
}

/**
 * What part of the transcript endpoint's time its body alone costs, measured the same way: parsing
 * it (JSON.parse), and reading and validating it as the handler does, with no AWS call. Work that
 * grows with the body, which the bare SDK calls of the baseline never do, and which no handler that
 * checks every field can skip: set against what the target leaves the handler, it shows how far the
 * target is in reach for this body. Each is interleaved with its own baseline, the endpoint's SDK
 * calls replayed through the bare clients, so each ratio is against a baseline sampled beside it.
 */
async function bodyWorkLines(tape: AwsTape, bare: WatchedClients, recordings: EndpointRecording[]): Promise<string[]> {
  const endpoint = recordings.find((recording) => recording.route === TRANSCRIPT_ROUTE && !recording.variant);
  if (!endpoint) return [];
  const { readJsonBody } = await import('../lib/http/read-body');
  const { validate } = await import('../lib/schemas/validate');
  const { transcriptRequestSchema } = await import('../lib/schemas/transcript');
  const { transcriptLimits } = await import('../lib/schemas/transcript-limits');
  const body = endpoint.event.body ?? '';
  const parse = async () => JSON.parse(body) as unknown;
  const readAndValidate = async () =>
    validate(transcriptRequestSchema, readJsonBody({ 'content-type': 'application/json' }, body, false, transcriptLimits.bodyBytes).json);
  const sdkCalls = bareSdkReplayer(tape, bare, endpoint);
  const [parseUs, parseSdkUs] = await quietly(() => cpuMicros(parse, sdkCalls));
  const [bodyUs, bodySdkUs] = await quietly(() => cpuMicros(readAndValidate, sdkCalls));
  const kib = Buffer.byteLength(body) / 1024;
  const of = (us: number, sdkUs: number) => `${us.toFixed(0)} µs, ${ratio(us / sdkUs)} (its SDK calls beside it: ${sdkUs.toFixed(0)} µs)`;
  return [
    '',
    `${TRANSCRIPT_ROUTE}, its ${kib.toFixed(0)} KiB body alone, with no AWS call, each against its SDK calls sampled beside it:`,
    `  JSON.parse ${of(parseUs, parseSdkUs)};`,
    `  reading and validating it (readJsonBody + the schema) ${of(bodyUs, bodySdkUs)}.`,
    `  The target leaves the handler ${ratio(TARGET - 1)} for all its own work: this body's reading and validation alone take ${(bodyUs / bodySdkUs / (TARGET - 1)).toFixed(1)} times that.`,
  ];
}

export async function run(): Promise<BenchResult> {
  const [dynamoPort, fauxqsPort, sesPort] = await findFreePorts(3);
  const stack = await startLocalStack({ dynamoPort, fauxqsPort, sesPort, env: benchEnv });
  const saved = { ...process.env };
  Object.assign(process.env, stack.env);
  try {
    // After the environment is set: the handlers' modules read their configuration once (and
    // Powertools its POWERTOOLS_* variables, the metrics' namespace among them).
    const { recordEndpoints, recordingName } = await import('./http-scenarios');
    const { defaultDb, createDocumentClient } = await import('../lib/store/client');
    const { defaultSqs } = await import('../lib/queue/client');
    const { defaultS3 } = await import('../lib/store/s3-client');
    const tape = new AwsTape();
    watchClients({ db: defaultDb().client, sqs: defaultSqs(), s3: defaultS3() }, tape);
    // The baseline: fresh clients configured like the handlers' own, on the same tape.
    const bare: WatchedClients = {
      db: createDocumentClient(),
      sqs: new SQSClient({ maxAttempts: 3 }),
      s3: new S3Client({ maxAttempts: 3, forcePathStyle: true }),
    };
    watchClients(bare, tape);

    const recordings = await quietly(() => recordEndpoints(tape));
    const lines: string[] = [];
    const targets: BenchResult['targets'] = [];
    const width = Math.max(...recordings.map((endpoint) => recordingName(endpoint).length));
    lines.push(`${'endpoint'.padEnd(width)}  calls  handler µs  SDK µs  ratio (target ≤ ${ratio(TARGET)}, CPU per warm request)`);
    for (const endpoint of recordings) {
      const calls = endpoint.recording.commands.length;
      const [handlerUs, sdkUs] = await quietly(() =>
        cpuMicros(replayer(tape, endpoint, recordingName(endpoint)), bareSdkReplayer(tape, bare, endpoint)),
      );
      const row = `${recordingName(endpoint).padEnd(width)}  ${String(calls).padStart(5)}  ${handlerUs.toFixed(0).padStart(10)}  ${(calls ? sdkUs.toFixed(0) : '-').padStart(6)}`;
      if (calls === 0) {
        lines.push(`${row}  n/a (no AWS call)`);
        continue;
      }
      const measured = handlerUs / sdkUs;
      if (endpoint.variant) {
        // Another body for a route already held to the target: how the overhead grows with the body.
        lines.push(`${row}  ${ratio(measured)} (how it grows with the body: no target of its own)`);
        continue;
      }
      lines.push(`${row}  ${ratioAgainst(measured, TARGET)}`);
      targets.push({
        name: `handler overhead ${endpoint.route}: ${ratioAgainst(measured, TARGET)} ≤ ${ratio(TARGET)}`,
        pass: measured <= TARGET,
      });
    }

    lines.push(...(await bodyWorkLines(tape, bare, recordings)));

    lines.push('', 'AWS calls per warm request (the api key a cache hit):');
    const mismatches: string[] = [];
    for (const endpoint of recordings) {
      const calls = awsCallsOf(endpoint.recording.commands);
      const expected = expectedAwsCalls[endpoint.route];
      if (calls !== expected) mismatches.push(recordingName(endpoint));
      if (endpoint.variant && calls === expected) continue;
      lines.push(
        `${recordingName(endpoint).padEnd(width)}  ${String(endpoint.recording.commands.length).padStart(2)}  ${calls || '(none)'}${calls === expected ? '' : `   ≠ documented: ${expected ?? '(missing)'}`}`,
      );
    }
    targets.push({
      name: `AWS calls per request as documented in bench/aws-calls-per-request.ts${mismatches.length ? ` (differs: ${mismatches.join(', ')})` : ''}`,
      pass: mismatches.length === 0,
    });
    tape.destroy();
    return { name: 'handler overhead and AWS calls per request', lines, targets };
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await stack.stop();
  }
}
