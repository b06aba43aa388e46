import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import type { DeliverWebhookMessage } from '../../../lib/queue/messages';
import { LAST_DELIVERY } from '../../../lib/queue/sqs-worker';
import { defaultS3 } from '../../../lib/store/s3-client';
import { sha256Hex } from '../../../lib/store/transcript-objects';
import { createTranscript, getTranscript } from '../../../lib/store/transcripts';
import { getDelivery } from '../../../lib/store/webhook-deliveries';
import { emitEvent } from '../../../lib/webhooks/emit-event';
import { sweepDueDeliveries } from '../../../lib/webhooks/sweep-deliveries';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { WebhookReceiver } from '../../helpers/webhook-receiver';
import { bodyOf, loadHandler } from '../http/load-handler';
import type { SqsHandler, WorkerName } from './worker-queue';
import { createQueueWithDlq, createReceiverEndpoint, deliverOnce, loadWorker } from './worker-queue';

/**
 * Poison messages on each queue, with the deployed workers over real queues that have a dead-letter
 * queue after 5 receives (as serverless.yml declares): a message that cannot be read, or one that
 * fails every time, is retried, then moves to the DLQ, and what it names ends visibly failed: the
 * job, the transcript. A webhook delivery is the exception, by choice: its state is in DynamoDB
 * and the sweep sends it again with a good message, so it is delivered rather than failed.
 */
const db = testDb();
const sqs = testSqs();
const s3 = defaultS3();
const bucket = process.env.TRANSCRIPTS_BUCKET!;
const queues = {} as Record<WorkerName, { queueUrl: string; dlqUrl: string }>;
const workers = {} as Record<WorkerName, SqsHandler>;
let jobsIntake: string;
let receiver: WebhookReceiver;
let ws: TestWorkspace;
let env: Record<string, string>;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  for (const name of ['jobs', 'actions', 'transcripts', 'webhooks'] as WorkerName[])
    queues[name] = await createQueueWithDlq(sqs, `poison-${name}`);
  jobsIntake = await createTestQueue(sqs, 'poison-intake');
  env = {
    JOBS_QUEUE_URL: jobsIntake,
    ACTIONS_QUEUE_URL: queues.actions.queueUrl,
    TRANSCRIPTS_QUEUE_URL: queues.transcripts.queueUrl,
    WEBHOOKS_QUEUE_URL: queues.webhooks.queueUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    STAGE: 'local',
    WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  };
  for (const name of Object.keys(queues) as WorkerName[]) workers[name] = await loadWorker(name, env);
  ws = await createTestWorkspace(db, { accounts: 1 });
});
afterAll(() => receiver.stop());

/** A like job accepted by the deployed handler and still `queued` (its own message taken away). */
async function queuedJob(): Promise<string> {
  const like = await loadHandler(() => import('../../../functions/http/like'), { JOBS_QUEUE_URL: jobsIntake, RATE_LIMIT_PER_MINUTE: '0' });
  const accepted = await like(
    httpEvent({
      method: 'POST',
      path: '/api/v1/social-selling/like',
      headers: { 'api-key': ws.apiKey },
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    }),
  );
  await drainQueue(sqs, jobsIntake);
  return bodyOf(accepted).jobId as string;
}

/** Sends `body` and runs the worker as Lambda would until the queue is empty; returns what reached the DLQ and the receives it took. */
async function poison(name: WorkerName, body: string): Promise<{ deadLetters: string[]; receives: number }> {
  await sqs.send(new SendMessageCommand({ QueueUrl: queues[name].queueUrl, MessageBody: body }));
  let receives = 0;
  for (let i = 0; i <= LAST_DELIVERY; i++) {
    const { records, failed } = await deliverOnce(sqs, queues[name].queueUrl, workers[name], { waitSeconds: 0 });
    expect(failed.size).toBe(records.length);
    receives += records.length;
  }
  const deadLetters = (await drainQueue(sqs, queues[name].dlqUrl)).map((message) => message.Body!);
  return { deadLetters, receives };
}

describe('a poison message', () => {
  it.each(['jobs', 'actions'] as const)(
    'on the %s queue: unreadable, it ends in the DLQ after 5 receives, and the job it names ends failed',
    async (name) => {
      const jobId = await queuedJob();
      const body = JSON.stringify({ v: 99, workspaceId: ws.workspaceId, jobId });

      expect(await poison(name, body)).toEqual({ deadLetters: [body], receives: LAST_DELIVERY });

      expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({ status: 'failed', failureReason: 'unreadable_message' });
    },
  );

  it('on the jobs queue: readable but failing every time, it ends in the DLQ and the job failed on the last delivery', async () => {
    const jobId = await queuedJob();
    // Planning fails at its last step, the actions' enqueue, on every delivery (a queue that does not exist).
    workers.jobs = await loadWorker('jobs', { ...env, ACTIONS_QUEUE_URL: `${queues.actions.queueUrl}-missing` });
    const body = JSON.stringify({ v: 1, workspaceId: ws.workspaceId, jobId });

    try {
      expect(await poison('jobs', body)).toEqual({ deadLetters: [body], receives: LAST_DELIVERY });
    } finally {
      workers.jobs = await loadWorker('jobs', env);
    }

    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({ status: 'failed', failureReason: 'planning_failed' });
  });

  it('on the transcripts queue: unreadable, it ends in the DLQ, and the transcript it names ends failed', async () => {
    const transcript = await storedTranscript('{"valid": "json"}');
    const body = JSON.stringify({ v: 1, workspaceId: ws.workspaceId, callId: transcript.callId });

    expect(await poison('transcripts', body)).toEqual({ deadLetters: [body], receives: LAST_DELIVERY });

    expect(await getTranscript(db, ws.workspaceId, transcript.callId)).toMatchObject({
      status: 'failed',
      failure: { reason: 'unreadable_message' },
    });
  });

  it('on the transcripts queue: readable but failing every time, it ends in the DLQ and the transcript failed on the last delivery', async () => {
    // Stored content that matches its hash but is not a transcript: every analysis throws.
    const transcript = await storedTranscript('not json at all');
    const body = JSON.stringify({
      v: 1,
      workspaceId: ws.workspaceId,
      callId: transcript.callId,
      objectKey: transcript.objectKey,
      contentHash: transcript.contentHash,
    });

    expect(await poison('transcripts', body)).toEqual({ deadLetters: [body], receives: LAST_DELIVERY });

    expect(await getTranscript(db, ws.workspaceId, transcript.callId)).toMatchObject({
      status: 'failed',
      attempts: LAST_DELIVERY,
      failure: { reason: 'internal_error' },
    });
  });

  it('on the webhooks queue: unreadable, it ends in the DLQ; the delivery it names stays pending and the sweep delivers it', async () => {
    const path = `/poison-${ws.workspaceId}`;
    const endpoint = await createReceiverEndpoint(ws.workspaceId, receiver.url(path));
    // Written without its message (as if that send had been lost), then named by an unreadable one.
    const sent = await emitEvent({ db }, ws.workspaceId, 'ping', { webhookId: endpoint.webhookId, message: 'ping 1' }, new Date(), {
      to: [endpoint],
    });
    const delivery: DeliverWebhookMessage = { v: 1, ...sent!.deliveries[0]! };
    const body = JSON.stringify({ ...delivery, v: 'one' });

    expect(await poison('webhooks', body)).toEqual({ deadLetters: [body], receives: LAST_DELIVERY });
    expect(await getDelivery(db, delivery)).toMatchObject({ status: 'pending', attemptCount: 0 });

    const swept = await sweptMessageFor(delivery);
    expect(swept).toEqual(delivery);
    // Only this test's message goes back on the queue: the sweep also sent the other suites' due deliveries.
    await sqs.send(new SendMessageCommand({ QueueUrl: queues.webhooks.queueUrl, MessageBody: JSON.stringify(swept) }));
    const { records, failed } = await deliverOnce(sqs, queues.webhooks.queueUrl, workers.webhooks);
    expect({ records: records.length, failed: failed.size }).toEqual({ records: 1, failed: 0 });
    expect(receiver.at(path)).toHaveLength(1);
    expect(await getDelivery(db, delivery)).toMatchObject({ status: 'succeeded', attemptCount: 1 });
  });
});

/**
 * Runs the sweep until it sends the message naming `delivery` and returns that message. The table
 * is shared with the other suites, whose due deliveries the sweep sends too (oldest first, a page
 * at a time), so its messages are drained from the queue and only this one is kept.
 */
async function sweptMessageFor(delivery: DeliverWebhookMessage): Promise<DeliverWebhookMessage | undefined> {
  for (let sweep = 0; sweep < 20; sweep++) {
    const { sent } = await sweepDueDeliveries({ db, sqs, webhooksQueueUrl: queues.webhooks.queueUrl, graceSeconds: 0 });
    const messages = (await drainQueue(sqs, queues.webhooks.queueUrl)).map((message) => message.json as DeliverWebhookMessage);
    const mine = messages.find((message) => message.deliveryId === delivery.deliveryId);
    if (mine || sent === 0) return mine;
  }
  return undefined;
}

/** A transcript recorded `queued` over stored `content` (with its real hash), as acceptTranscript leaves it. */
async function storedTranscript(content: string) {
  const callId = `poison-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const contentHash = sha256Hex(Buffer.from(content));
  const objectKey = `workspaces/${ws.workspaceId}/transcripts/${callId}/${contentHash}.json`;
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: content }));
  const at = new Date().toISOString();
  const transcript = {
    workspaceId: ws.workspaceId,
    callId,
    title: 'Call',
    callStartTime: at,
    url: 'https://calls.example.com/r/1',
    participants: ['sam@acme-sales.example'],
    format: 'array' as const,
    contentHash,
    objectKey,
    sizeBytes: content.length,
    status: 'queued' as const,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
  };
  await createTranscript(db, transcript);
  return transcript;
}
