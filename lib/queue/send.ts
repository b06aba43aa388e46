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

/** Sends in batches of 10; throws if any entry failed, so the caller's record is retried whole. */
export async function sendMessages(sqs: SQSClient, queueUrl: string, messages: OutgoingMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 10) {
    const chunk = messages.slice(i, i + 10);
    const result = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: chunk.map((message, index) => ({
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
}
