import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { validate } from '../../../lib/schemas/validate';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { transcriptRequestSchema } from '../../../lib/schemas/transcript';
import { defaultS3 } from '../../../lib/store/s3-client';
import { getDelivery } from '../../../lib/store/webhook-deliveries';
import type { Transcript } from '../../../lib/store/transcripts';
import { getTranscript } from '../../../lib/store/transcripts';
import { acceptTranscript } from '../../../lib/transcripts/accept-transcript';
import type { DeliverWebhookMessage } from '../../../lib/queue/messages';
import { emitEvent } from '../../../lib/webhooks/emit-event';
import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { WebhookReceiver } from '../../helpers/webhook-receiver';
import { bodyOf, loadHandler } from '../http/load-handler';
import type { SqsHandler, WorkerName } from './worker-queue';
import { createReceiverEndpoint, deliverOnce, loadWorker, receiveRecords, settle, showAgain } from './worker-queue';

/**
 * A worker failing part-way through a batch, with the deployed workers (functions/workers) over
 * real queues: a record that throws comes back alone; an invocation that dies after finishing some
 * records (Lambda timed out or crashed: nothing is deleted, SQS gives the whole batch back) has its
 * finished records recognised on the redelivery, with no second provider call, plan, analysis or
 * webhook request.
 */
const db = testDb();
const sqs = testSqs();
const s3 = defaultS3();
let fake: FakeUnipile;
let receiver: WebhookReceiver;
let like: HttpHandler;
const queues: Record<WorkerName, string> = { jobs: '', actions: '', transcripts: '', webhooks: '' };
const workers = {} as Record<WorkerName, SqsHandler>;

beforeAll(async () => {
  fake = await startFakeUnipile();
  receiver = await new WebhookReceiver().start();
  for (const name of Object.keys(queues) as WorkerName[]) queues[name] = await createTestQueue(sqs, `crash-${name}`);
  const env = {
    JOBS_QUEUE_URL: queues.jobs,
    ACTIONS_QUEUE_URL: queues.actions,
    TRANSCRIPTS_QUEUE_URL: queues.transcripts,
    WEBHOOKS_QUEUE_URL: queues.webhooks,
    RATE_LIMIT_PER_MINUTE: '0',
    NETWORK_PROVIDER: 'unipile',
    UNIPILE_DSN: fake.url,
    UNIPILE_API_KEY: fake.apiKey,
    STAGE: 'local',
    WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  };
  like = await loadHandler(() => import('../../../functions/http/like'), env);
  for (const name of Object.keys(queues) as WorkerName[]) workers[name] = await loadWorker(name, env);
});
afterEach(async () => {
  fake.requests.length = 0;
  await Promise.all(Object.values(queues).map((url) => drainQueue(sqs, url, 0)));
});
afterAll(async () => {
  await Promise.all([fake.close(), receiver.stop()]);
});

async function acceptLike(ws: TestWorkspace): Promise<string> {
  const accepted = await like(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/like',
      headers: { 'api-key': ws.apiKey },
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    }),
  );
  expect(accepted.statusCode).toBe(202);
  return bodyOf(accepted).jobId as string;
}

/**
 * An invocation over `count` records that dies once the first `finished` are done: nothing is
 * settled, so when the visibility timeout ends the whole batch comes back (received a second time)
 * and the next invocation must succeed for every record.
 */
async function crashThenRedeliver(
  name: WorkerName,
  count: number,
  finished: number,
  afterCrash?: () => Promise<void>,
): Promise<SQSRecord[]> {
  const batch = await receiveRecords(sqs, queues[name], { max: count });
  expect(batch).toHaveLength(count);
  await workers[name]({ Records: batch.slice(0, finished) });
  await afterCrash?.();
  await showAgain(sqs, queues[name], batch);

  const again = await receiveRecords(sqs, queues[name], { max: count });
  expect(again.map((r) => r.messageId).sort()).toEqual(batch.map((r) => r.messageId).sort());
  expect(again.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(again.map(() => '2'));
  const failed = await settle(sqs, queues[name], again, await workers[name]({ Records: again }));
  expect(failed.size).toBe(0);
  return again;
}

const reactions = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/posts/reaction');

describe('a record that fails in a batch', () => {
  it('is the only one reported in batchItemFailures; its neighbours finish and are deleted', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const jobId = await acceptLike(ws);
    await deliverOnce(sqs, queues.jobs, workers.jobs);
    await sqs.send(new SendMessageCommand({ QueueUrl: queues.actions, MessageBody: '{"v":1,"workspaceId":' }));

    const records = await receiveRecords(sqs, queues.actions, { max: 3 });
    expect(records).toHaveLength(3);
    const response = await workers.actions({ Records: records });
    const failed = await settle(sqs, queues.actions, records, response);

    const unreadable = records.find((record) => record.body.endsWith(':'))!;
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: unreadable.messageId }]);
    expect([...failed]).toEqual([unreadable.messageId]);
    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded' }, { status: 'succeeded' }],
    });
    // Only the failed record is there again.
    expect((await receiveRecords(sqs, queues.actions)).map((r) => r.messageId)).toEqual([unreadable.messageId]);
  });
});

describe('an invocation that dies after finishing some records of its batch', () => {
  it('jobs: the planned jobs are not planned again (one action message each)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const jobIds = [await acceptLike(ws), await acceptLike(ws), await acceptLike(ws)];

    await crashThenRedeliver('jobs', 3, 2);

    const actionMessages = (await drainQueue(sqs, queues.actions)).map((m) => (m.json as { jobId: string }).jobId);
    expect(actionMessages.sort()).toEqual([...jobIds].sort());
  });

  it('actions: the actions done are not done again (one provider call per account)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3 });
    const jobId = await acceptLike(ws);
    await deliverOnce(sqs, queues.jobs, workers.jobs);

    await crashThenRedeliver('actions', 3, 2);

    const accounts = reactions().map((request) => (request.body as { account_id: string }).account_id);
    expect(accounts.sort()).toEqual(ws.accounts.map((account) => account.providerAccountId).sort());
    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({ status: 'succeeded', counts: { succeeded: 3 } });
  });

  it('transcripts: the analysed transcripts are not analysed again', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const deps = { db, s3, sqs, bucket: process.env.TRANSCRIPTS_BUCKET!, queueUrl: queues.transcripts };
    const callIds = ['a', 'b', 'c'].map((suffix) => `crash-${Date.now()}-${suffix}`);
    for (const callId of callIds) {
      const request = validate(transcriptRequestSchema, {
        title: 'Call',
        call_id: callId,
        call_start_time: '2026-11-20T15:00:00Z',
        url: 'https://calls.example.com/r/1',
        participants: ['sam@acme-sales.example', 'jane@globex.example'],
        transcript: ['Sam: Thanks for joining.', 'Jane: How long does the setup take?'],
      });
      await acceptTranscript(deps, ws.workspaceId, request, new Date());
    }

    let firstRun: Array<Transcript | undefined> = [];
    await crashThenRedeliver('transcripts', 3, 2, async () => {
      firstRun = await Promise.all(callIds.map((callId) => getTranscript(db, ws.workspaceId, callId)));
    });

    const after = await Promise.all(callIds.map((callId) => getTranscript(db, ws.workspaceId, callId)));
    expect(after.map((t) => [t!.status, t!.attempts])).toEqual(callIds.map(() => ['analysed', 1]));
    // The two finished first keep the analysis of their first run.
    const finishedFirst = firstRun.filter((t) => t!.status === 'analysed');
    expect(finishedFirst).toHaveLength(2);
    for (const t of finishedFirst) expect(after.find((a) => a!.callId === t!.callId)!.analysedAt).toBe(t!.analysedAt);
  });

  it('webhooks: the deliveries made are not made again (one request each)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const endpoint = await createReceiverEndpoint(ws.workspaceId, receiver.url(`/crash-${ws.workspaceId}`));
    for (let n = 1; n <= 3; n++)
      await emitEvent(
        { db, sqs, webhooksQueueUrl: queues.webhooks },
        ws.workspaceId,
        'ping',
        { webhookId: endpoint.webhookId, message: `ping ${n}` },
        new Date(),
        { to: [endpoint] },
      );

    const records = await crashThenRedeliver('webhooks', 3, 2);

    expect(receiver.at(`/crash-${ws.workspaceId}`)).toHaveLength(3);
    for (const record of records) {
      expect(await getDelivery(db, JSON.parse(record.body) as DeliverWebhookMessage)).toMatchObject({
        status: 'succeeded',
        attemptCount: 1,
      });
    }
  });
});
