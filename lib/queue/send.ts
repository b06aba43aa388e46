import type { SQSClient } from '@aws-sdk/client-sqs';
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';

/** SQS's longest delivery delay; longer waits are re-delayed by the consumer. */
export const MAX_DELAY_SECONDS = 900;

export interface OutgoingMessage {
  body: unknown;
  delaySeconds?: number;
}

/** A delay SQS accepts: whole seconds, never negative, at most 15 minutes. */
export const clampDelaySeconds = (seconds = 0) => Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(seconds)));

export async function sendMessage(sqs: SQSClient, queueUrl: string, message: OutgoingMessage): Promise<void> {
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
export async function sendMessages(sqs: SQSClient, queueUrl: string, messages: OutgoingMessage[]): Promise<void> {
  const batches: OutgoingMessage[][] = [];
  for (let i = 0; i < messages.length; i += 10) batches.push(messages.slice(i, i + 10));
  for (let i = 0; i < batches.length; i += BATCHES_AT_ONCE) {
    await Promise.all(batches.slice(i, i + BATCHES_AT_ONCE).map((batch) => sendBatch(sqs, queueUrl, batch)));
  }
}

async function sendBatch(sqs: SQSClient, queueUrl: string, batch: OutgoingMessage[]): Promise<void> {
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
    throw new Error(`SendMessageBatch failed for ${result.Failed.length} message(s): ${first?.Code} ${first?.Message ?? ''}`);
  }
}
