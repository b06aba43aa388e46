import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { LocalQueue } from '../local-stack/resources';

export interface QueueDepth {
  name: string;
  /** Ready to receive. */
  visible: number;
  /** Received and not yet deleted (a worker has it). */
  inFlight: number;
  /** Sent with a delay not yet over (paced or deferred actions). */
  delayed: number;
}

/** Every queue's message counts, as SQS reports them (ApproximateNumberOf…). */
export async function queueDepths(sqs: SQSClient, queues: Record<string, LocalQueue>): Promise<QueueDepth[]> {
  return Promise.all(
    Object.values(queues).map(async (queue) => {
      const { Attributes = {} } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: queue.url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
        }),
      );
      return {
        name: queue.name,
        visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
        inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0),
        delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
      };
    }),
  );
}

/** Waits until no queue has a message ready or in flight (delayed ones may stay); false after `timeoutMs`. */
export async function waitForIdleQueues(sqs: SQSClient, queues: Record<string, LocalQueue>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const depths = await queueDepths(sqs, queues);
    if (depths.every((depth) => depth.visible === 0 && depth.inFlight === 0)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
