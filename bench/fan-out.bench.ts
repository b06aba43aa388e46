/**
 * One like to a group of 1,000 accounts and one to a group of 10,000, through the emulators
 * (DynamoDB Local, fauxqs) with the real handlers and workers in this process:
 *
 * - accept: the like's HTTP handler, its group read afresh each time (GROUP_CACHE_SECONDS=0, the
 *   worst case: a warm container reads nothing for 30 s);
 * - plan: every message of the jobs queue handed to the jobs worker (the job split into parts, each
 *   part's actions made and sent in batches), until the job is `running`;
 * - run: every action handed to the actions worker and run against the sandbox provider, until the
 *   job ends; every action must have ended `succeeded`;
 * - read: `GET /api/v1/jobs/{jobId}`, its first page.
 *
 * Each is printed per 1,000 accounts at both sizes, the small one measured before and after the big
 * one, with the ratio of the big one's totals to the mean of the small one's. Target: ten times the
 * accounts costs at most 12 times the time, for accepting, planning and reading.
 */
import type { Message } from '@aws-sdk/client-sqs';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { findFreePorts } from '../scripts/local-stack/ports';
import { startLocalStack } from '../scripts/local-stack/stack';
import { alwaysWorking, drainQueue, httpEvent, noSpacing } from '../tests/helpers/factories';
import type { BenchResult } from './bench-result';
import { median, ratio } from './median-time';

const SIZES = [1000, 10_000] as const;
/** Ten times the accounts may cost at most this many times the time. */
const TARGET = 12;
const ACCEPTS = 5;
const READS = 20;
/** Batches of the actions worker run at once, as concurrent Lambda invocations would. */
const RUNNERS = 4;

/** An SQS record as Lambda hands it to a worker, made of a message received from the emulator. */
function recordOf(message: Message): SQSRecord {
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: { ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1' } as SQSRecord['attributes'],
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:bench',
    awsRegion: 'us-east-1',
  };
}

const benchEnv = { GROUP_CACHE_SECONDS: '0', AUTH_CACHE_SECONDS: '3600', PACING_WINDOW_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '0' };

interface SizeResult {
  size: number;
  acceptMs: number;
  planMs: number;
  runMs: number;
  readMs: number;
  jobItemBytes: number;
  ended: string;
}

export async function run(): Promise<BenchResult> {
  const [dynamoPort, fauxqsPort, sesPort] = await findFreePorts(3);
  const stack = await startLocalStack({ dynamoPort, fauxqsPort, sesPort, env: benchEnv });
  const saved = { ...process.env };
  Object.assign(process.env, stack.env);
  const write = process.stdout.write;
  try {
    // After the environment is set: the modules read their configuration once.
    const { defaultDb } = await import('../lib/store/client');
    const { defaultSqs } = await import('../lib/queue/client');
    const { getConfig } = await import('../lib/config');
    const { addWorkspace, issueApiKey } = await import('../lib/admin/workspace-admin');
    const { accountInputSchema } = await import('../lib/schemas/account-settings');
    const { validate } = await import('../lib/schemas/validate');
    const { accountItem } = await import('../lib/store/accounts');
    const { putGroupMembers } = await import('../lib/store/groups');
    const { newId } = await import('../lib/ids');
    const { handler: jobsWorker } = await import('../functions/workers/jobs');
    const { handler: actionsWorker } = await import('../functions/workers/actions');
    const { getJob } = await import('../lib/store/jobs');
    const { handler: like } = await import('../functions/http/like');
    const { handler: getJobHandler } = await import('../functions/http/get-job');
    const db = defaultDb();
    const sqs = defaultSqs();
    const config = getConfig();
    // The handlers log a line per request and per action: not what is measured.
    process.stdout.write = (() => true) as typeof process.stdout.write;

    async function seed(size: number) {
      const workspaceId = `fanout-${size}-${Date.now()}`;
      await addWorkspace(db, workspaceId, `Fan-out ${size}`, { pacingWindowSeconds: 0, spacing: noSpacing });
      const { key } = await issueApiKey(db, workspaceId);
      const createdAt = new Date().toISOString();
      const accounts = Array.from({ length: size }, (_, index) => ({
        ...validate(accountInputSchema, {
          name: `Advocate ${index}`,
          profileUrl: `https://www.linkedin.com/in/${workspaceId}-${index}`,
          providerAccountId: `${workspaceId}-login-${index}`,
          workingHours: alwaysWorking,
        }),
        accountId: newId('acc'),
        workspaceId,
        createdAt,
      }));
      const batches = [];
      for (let i = 0; i < accounts.length; i += 25) batches.push(accounts.slice(i, i + 25));
      for (let i = 0; i < batches.length; i += 8) {
        await Promise.all(
          batches.slice(i, i + 8).map((batch) =>
            db.client.send(
              new BatchWriteCommand({
                RequestItems: { [db.table]: batch.map((account) => ({ PutRequest: { Item: accountItem(account) } })) },
              }),
            ),
          ),
        );
      }
      await putGroupMembers(
        db,
        workspaceId,
        'advocates',
        accounts.map((account) => account.accountId),
        new Date(),
      );
      return { workspaceId, key };
    }

    const likeEvent = (key: string) =>
      httpEvent({
        method: 'POST',
        path: '/api/v1/social-selling/like',
        headers: { 'api-key': key },
        body: {
          url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/',
          groups: ['advocates'],
          reactionType: 'like',
        },
      });

    /**
     * Hands a queue's messages to a worker as Lambda's event source would, `batchSize` a batch and
     * `invocations` batches at once, until the queue is empty; messages `wanted` refuses are dropped
     * (the timed accepts' other jobs). A record the worker reports failed stops the bench.
     */
    async function work(
      queueUrl: string,
      worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
      batchSize: number,
      invocations: number,
      wanted: (json: unknown) => boolean,
    ) {
      for (;;) {
        const messages = (await drainQueue(sqs, queueUrl, 0)).filter((message) => wanted(message.json));
        if (messages.length === 0) return;
        const batches: SQSRecord[][] = [];
        for (let i = 0; i < messages.length; i += batchSize) batches.push(messages.slice(i, i + batchSize).map(recordOf));
        for (let i = 0; i < batches.length; i += invocations) {
          const results = await Promise.all(batches.slice(i, i + invocations).map((Records) => worker({ Records })));
          const failures = results.flatMap((result) => result.batchItemFailures);
          if (failures.length) throw new Error(`${failures.length} record(s) failed in the worker of ${queueUrl}`);
        }
      }
    }

    const phase = (what: string) => process.stderr.write(`fan-out: ${what}\n`);
    async function measure(size: number): Promise<SizeResult> {
      phase(`seeding ${size} accounts`);
      const { workspaceId, key } = await seed(size);
      phase('accepting');
      // Accept: the first like is the job measured; the others, timed too, are cancelled jobs' worth of
      // messages, dropped before planning.
      const acceptTimes: number[] = [];
      let jobId = '';
      for (let i = 0; i < ACCEPTS; i++) {
        const start = performance.now();
        const result = await like(likeEvent(key));
        acceptTimes.push(performance.now() - start);
        if (result.statusCode !== 202) throw new Error(`the like answered ${result.statusCode}: ${String(result.body)}`);
        if (i === 0) jobId = (JSON.parse(String(result.body)) as { jobId: string }).jobId;
      }

      // Plan: every message on the jobs queue (the job's own, then its parts'), through the jobs
      // worker in batches of ten, as its event source hands them (serverless.yml).
      phase('planning');
      const planStart = performance.now();
      await work(config.JOBS_QUEUE_URL, jobsWorker, 10, 1, (json) => (json as { jobId: string }).jobId === jobId);
      const planMs = performance.now() - planStart;
      const planned = await getJob(db, workspaceId, jobId);
      if (planned?.status !== 'running') throw new Error(`the job is ${planned?.status} after planning`);

      // Run: every action through the actions worker, in batches of five, RUNNERS batches at a time.
      phase('running');
      const runStart = performance.now();
      await work(config.ACTIONS_QUEUE_URL, actionsWorker, 5, RUNNERS, () => true);
      const runMs = performance.now() - runStart;
      const done = await getJob(db, workspaceId, jobId);

      // Read: the job's first page, as a caller polls it.
      phase('reading');
      const readTimes: number[] = [];
      const getEvent = httpEvent({ method: 'GET', path: `/api/v1/jobs/${jobId}`, headers: { 'api-key': key } });
      getEvent.pathParameters = { jobId };
      for (let i = 0; i < READS; i++) {
        const start = performance.now();
        const result = await getJobHandler(getEvent);
        readTimes.push(performance.now() - start);
        if (result.statusCode !== 200) throw new Error(`GET job answered ${result.statusCode}`);
      }
      const { plannedParts: _parts, ...item } = done ?? {};
      return {
        size,
        acceptMs: median(acceptTimes),
        planMs,
        runMs,
        readMs: median(readTimes),
        jobItemBytes: Buffer.byteLength(JSON.stringify(item)),
        ended: `${done?.status}: ${done?.succeeded} of ${done?.total} succeeded, ${done?.remaining} unfinished`,
      };
    }

    // The small job before and after the big one, so a machine busier for a while weighs on both sides.
    const before = await measure(SIZES[0]);
    const bigRun = await measure(SIZES[1]);
    const after = await measure(SIZES[0]);
    process.stdout.write = write;

    const results = [before, bigRun, after];
    const mean = (a: number, b: number) => (a + b) / 2;
    const small: SizeResult = {
      ...before,
      acceptMs: mean(before.acceptMs, after.acceptMs),
      planMs: mean(before.planMs, after.planMs),
      runMs: mean(before.runMs, after.runMs),
      readMs: mean(before.readMs, after.readMs),
    };
    const big = bigRun;
    const per1000 = (ms: number, size: number) => `${((ms * 1000) / size).toFixed(1)} ms`;
    const lines = results.map(
      (r) =>
        `${r.size.toLocaleString('en-US')} accounts: accept ${r.acceptMs.toFixed(1)} ms (${per1000(r.acceptMs, r.size)} per 1,000), ` +
        `plan ${(r.planMs / 1000).toFixed(2)} s (${per1000(r.planMs, r.size)} per 1,000), run ${(r.runMs / 1000).toFixed(1)} s (${per1000(r.runMs, r.size)} per 1,000), ` +
        `GET job ${r.readMs.toFixed(1)} ms; job item ${r.jobItemBytes} bytes; ${r.ended}`,
    );
    const ratios = {
      accept: big.acceptMs / small.acceptMs,
      plan: big.planMs / small.planMs,
      run: big.runMs / small.runMs,
      read: big.readMs / small.readMs,
    };
    lines.push(
      `10x the accounts (against the mean of the two runs of ${SIZES[0].toLocaleString('en-US')}): accept ${ratio(ratios.accept)}, plan ${ratio(ratios.plan)}, run ${ratio(ratios.run)}, GET job ${ratio(ratios.read)} the time (target: at most ${TARGET}x)`,
    );
    const everyActionEnded = results.every((r) => r.ended === `succeeded: ${r.size} of ${r.size} succeeded, 0 unfinished`);
    return {
      name: 'fan-out to 1,000 and 10,000 accounts',
      lines,
      targets: [
        { name: `accepting 10x the accounts takes at most ${TARGET}x the time`, pass: ratios.accept <= TARGET },
        { name: `planning 10x the accounts takes at most ${TARGET}x the time`, pass: ratios.plan <= TARGET },
        { name: `GET /api/v1/jobs/{jobId} of 10x the accounts takes at most ${TARGET}x the time`, pass: ratios.read <= TARGET },
        { name: 'every action of both jobs ended, and both jobs succeeded', pass: everyActionEnded },
      ],
    };
  } finally {
    process.stdout.write = write;
    process.env = saved;
    await stack.stop();
  }
}
