import type { SQSClient } from '@aws-sdk/client-sqs';
import {
  ChangeMessageVisibilityBatchCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { newId } from '../../../lib/ids';
import { LAST_DELIVERY } from '../../../lib/queue/sqs-worker';
import type { WebhookEndpoint } from '../../../lib/store/webhooks';
import { createWebhook } from '../../../lib/store/webhooks';
import { newSigningSecret } from '../../../lib/webhooks/signature';
import { failedMessageIds, toSqsRecord } from '../../../scripts/local-stack/poller';
import { createTestQueue, testDb } from '../../helpers/factories';
import { loadHandler } from '../http/load-handler';

/**
 * Lambda's SQS event source, played by the test over real queues of the emulator: records are
 * received without being deleted, handed to a worker of functions/workers loaded as Lambda loads it,
 * and settled as Lambda settles them (the succeeded deleted, the failed visible again), or not at
 * all when the invocation "crashed".
 */
export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;
export type WorkerName = 'jobs' | 'actions' | 'transcripts' | 'webhooks';

/** A worker as Lambda loads it at a cold start, its configuration overridden by `env`. */
export function loadWorker(name: WorkerName, env: Record<string, string>): Promise<SqsHandler> {
  return loadHandler<SqsHandler>(() => import(`../../../functions/workers/${name}`), env);
}

/** A test queue with a dead-letter queue after `maxReceiveCount` receives, as serverless.yml declares them. */
export async function createQueueWithDlq(
  sqs: SQSClient,
  purpose: string,
  maxReceiveCount = LAST_DELIVERY,
): Promise<{ queueUrl: string; dlqUrl: string }> {
  const dlqUrl = await createTestQueue(sqs, `${purpose}-dlq`);
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: `test-${purpose}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount }) },
    }),
  );
  return { queueUrl: QueueUrl!, dlqUrl };
}

/** Receives up to `max` records without deleting them; they stay hidden `visibilitySeconds`. */
export async function receiveRecords(
  sqs: SQSClient,
  queueUrl: string,
  { max = 10, waitSeconds = 1, visibilitySeconds = 30 } = {},
): Promise<SQSRecord[]> {
  const records: SQSRecord[] = [];
  // The emulator, like SQS, may answer fewer than are there: ask again until `max` or nothing more.
  while (records.length < max) {
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: max - records.length,
        WaitTimeSeconds: records.length ? 0 : waitSeconds,
        VisibilityTimeout: visibilitySeconds,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (!Messages?.length) break;
    records.push(
      ...Messages.map((message) => toSqsRecord(message, { queueArn: `arn:aws:sqs:local:000000000000:${queueUrl.split('/').pop()}` })),
    );
  }
  return records;
}

/** What the event source does with an invocation's answer: deletes what succeeded, shows the failed again at once. Returns the failed ids. */
export async function settle(sqs: SQSClient, queueUrl: string, records: SQSRecord[], response: unknown): Promise<Set<string>> {
  const failed = failedMessageIds({ Records: records }, response, true);
  const succeeded = records.filter((record) => !failed.has(record.messageId));
  if (succeeded.length) {
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: succeeded.map((r, i) => ({ Id: `m${i}`, ReceiptHandle: r.receiptHandle })),
      }),
    );
  }
  await showAgain(
    sqs,
    queueUrl,
    records.filter((record) => failed.has(record.messageId)),
  );
  return failed;
}

/** The records' visibility timeout ends now: they can be received again (as after a crashed invocation). */
export async function showAgain(sqs: SQSClient, queueUrl: string, records: SQSRecord[]): Promise<void> {
  if (!records.length) return;
  await sqs.send(
    new ChangeMessageVisibilityBatchCommand({
      QueueUrl: queueUrl,
      Entries: records.map((r, i) => ({ Id: `m${i}`, ReceiptHandle: r.receiptHandle, VisibilityTimeout: 0 })),
    }),
  );
}

/** One invocation over what the queue holds now (none when it stays empty for `waitSeconds`): receive, invoke, settle. */
export async function deliverOnce(
  sqs: SQSClient,
  queueUrl: string,
  handler: SqsHandler,
  options: { max?: number; waitSeconds?: number } = {},
): Promise<{ records: SQSRecord[]; failed: Set<string> }> {
  const records = await receiveRecords(sqs, queueUrl, options);
  if (!records.length) return { records, failed: new Set() };
  const response = await handler({ Records: records });
  return { records, failed: await settle(sqs, queueUrl, records, response) };
}

/** An enabled webhook endpoint of the workspace, at `url` (a local receiver), as the API would store it. */
export async function createReceiverEndpoint(workspaceId: string, url: string): Promise<WebhookEndpoint> {
  const at = new Date().toISOString();
  const endpoint: WebhookEndpoint = {
    workspaceId,
    webhookId: newId('wh'),
    url,
    events: ['job.succeeded'],
    status: 'enabled',
    secret: newSigningSecret(),
    createdAt: at,
    updatedAt: at,
  };
  await createWebhook(testDb(), endpoint);
  return endpoint;
}
