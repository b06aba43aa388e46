import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from '../zod';
import type { LambdaHandler } from '../invocation';
import { observedHandler } from '../invocation';
import { logger } from '../log';
import { PoisonMessageError } from '../errors';

/**
 * The queues' maxReceiveCount (serverless.yml): on this delivery a consumer ends its work visibly
 * failed before the message goes to the dead-letter queue.
 */
export const LAST_DELIVERY = 5;

export interface SqsWorkerOptions<S extends z.core.$ZodType> {
  queue: string;
  schema: S;
  handle: (message: z.output<S>, record: SQSRecord) => Promise<void>;
  /** Called with whatever could be read of an unreadable message, e.g. to fail its job visibly. */
  onPoison?: (raw: unknown, record: SQSRecord) => Promise<void>;
  /**
   * Whether a batch's records are handled at once (the default) or one after another, for records
   * that each already make many calls at once and would otherwise wait on the SDK's 50 sockets.
   */
  inParallel?: boolean;
}

/**
 * An SQS consumer with partial batch responses: the records of a batch are handled concurrently
 * (unless `inParallel` is false), each on its own; a record that throws is reported in `batchItemFailures` (and comes back), never
 * failing its neighbours. If the whole invocation dies instead (timeout, crash), SQS gives back the
 * whole batch: each consumer recognises the records it already finished (idempotent use cases).
 * Each invocation is observed (lib/invocation.ts): the Lambda context in the logs, a trace, its
 * metrics written at the end.
 */
export function sqsWorker<S extends z.core.$ZodType>(options: SqsWorkerOptions<S>): LambdaHandler<SQSEvent, SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);

  const handleRecord = async (record: SQSRecord): Promise<void> => {
    let raw: unknown;
    try {
      raw = JSON.parse(record.body);
    } catch {
      raw = undefined;
    }
    const parsed = z.safeParse(options.schema, raw);
    if (!parsed.success) {
      logger.error('unreadable message', {
        queue: options.queue,
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
      });
      await options.onPoison?.(raw, record);
      throw new PoisonMessageError(`message ${record.messageId} on ${options.queue} is not a valid message`);
    }
    try {
      await options.handle(parsed.data, record);
    } catch (error) {
      logger.warn('record failed; it will be retried', { queue: options.queue, messageId: record.messageId, error: error as Error });
      throw error;
    }
  };

  return observedHandler((event) =>
    processPartialResponse(event, handleRecord, processor, {
      throwOnFullBatchFailure: false,
      processInParallel: options.inParallel ?? true,
    }),
  );
}
