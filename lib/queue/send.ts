import type { SQSClient } from '@aws-sdk/client-sqs';
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { QueueMessages, QueueName } from './messages';

/** SQS's longest delivery delay; longer waits are re-delayed by the consumer. */
export const MAX_DELAY_SECONDS = 900;

/** A message for queue `Q`: the body its consumer reads, and how long SQS keeps it back. */
export interface OutgoingMessage<Q extends QueueName> {
  body: QueueMessages[Q];
  delaySeconds?: number;
}

/** A delay SQS accepts: whole seconds, never negative, at most 15 minutes. */
export const clampDelaySeconds = (seconds = 0) => Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(seconds)));

/** Sends one message to the work queue `queue`, at `queueUrl`: its body is that queue's kind of message. */
export async function sendMessage<Q extends QueueName>(
  sqs: SQSClient,
  _queue: Q,
  queueUrl: string,
  message: OutgoingMessage<Q>,
): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message.body),
      DelaySeconds: clampDelaySeconds(message.delaySeconds),
    }),
  );
}

/** Batches in flight at once: a job's part sends 500 messages in ten rounds, not fifty. */
const BATCHES_AT_ONCE = 5;

/** Sends in batches of 10, a few at once; throws if any entry failed, so the caller's record is retried whole. */
export async function sendMessages<Q extends QueueName>(
  sqs: SQSClient,
  queue: Q,
  queueUrl: string,
  messages: OutgoingMessage<Q>[],
): Promise<void> {
  const batches: OutgoingMessage<Q>[][] = [];
  for (let i = 0; i < messages.length; i += 10) batches.push(messages.slice(i, i + 10));
  for (let i = 0; i < batches.length; i += BATCHES_AT_ONCE) {
    await Promise.all(batches.slice(i, i + BATCHES_AT_ONCE).map((batch) => sendBatch(sqs, queue, queueUrl, batch)));
  }
}

async function sendBatch<Q extends QueueName>(sqs: SQSClient, queue: Q, queueUrl: string, batch: OutgoingMessage<Q>[]): Promise<void> {
  const result = await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: batch.map((message, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify(message.body),
        DelaySeconds: clampDelaySeconds(message.delaySeconds),
      })),
    }),
  );
  if (result.Failed?.length) {
    const first = result.Failed[0];
    throw new Error(
      `SendMessageBatch to the ${queue} queue failed for ${result.Failed.length} message(s): ${first?.Code} ${first?.Message ?? ''}`,
    );
  }
}
