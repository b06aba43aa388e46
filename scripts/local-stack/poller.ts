/**
 * The local stand-in for Lambda's SQS event source mapping: one long-polling loop per queue that a
 * function of serverless.yml consumes. It hands each batch to the function through
 * serverless-offline's Lambda Invoke endpoint as a real SQS event, then deletes only the records
 * that succeeded (partial batch responses). What it leaves comes back after the visibility
 * timeout, and fauxqs moves it to the dead-letter queue after `maxReceiveCount` receives.
 */
import { setMaxListeners } from 'node:events';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
  type MessageAttributeValue,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localClientConfig } from './clients';
import type { LocalQueue } from './resources';
import { getAttTarget, sqsEventSources, type ServerlessConfig } from './serverless-config';
import { waitForPort } from './ports';
import { LocalStackError, sleep } from './stack-error';
import { stopLoops } from './stop-loops';

/** One function fed by one queue. */
export interface PollerSource {
  functionKey: string;
  /** The deployed-style name serverless-offline exposes, e.g. `outreach-api-local-jobsWorker`. */
  functionName: string;
  queueUrl: string;
  queueArn: string;
  batchSize: number;
  /** `functionResponseType: ReportBatchItemFailures`: the function reports failed records. */
  reportBatchItemFailures: boolean;
  /** The event's `maximumConcurrency`, when it sets one: batches of this source in flight at once. */
  maximumConcurrency?: number;
}

export interface PollerOptions {
  sources: PollerSource[];
  sqsEndpoint: string;
  /** serverless-offline's Lambda endpoint, `http://127.0.0.1:<lambdaPort>`. */
  lambdaEndpoint: string;
  region?: string;
  /** Visibility given to failed records, instead of the queue's (so tests do not wait minutes). */
  failedVisibilitySeconds?: number;
  /** Long-poll wait; 20 s (the maximum) unless a test wants shorter. */
  waitTimeSeconds?: number;
  /**
   * Batches of one source handled at once, as Lambda's concurrent pollers do (bounded by the
   * source's `maximumConcurrency`); 1 (the default) delivers one batch at a time.
   */
  concurrentBatches?: number;
  log: (line: string) => void;
}

export interface Poller {
  stop(): Promise<void>;
}

/** The queues consumed by functions of `config`, resolved to the local queues. */
export function pollerSourcesFromConfig(config: ServerlessConfig, queues: Record<string, LocalQueue>): PollerSource[] {
  return sqsEventSources(config).map(({ functionKey, functionName, event }) => {
    const logicalId = getAttTarget(event.arn);
    const queue = logicalId
      ? queues[logicalId]
      : typeof event.arn === 'string'
        ? Object.values(queues).find((candidate) => candidate.name === (event.arn as string).split(':').pop())
        : undefined;
    if (!queue) {
      throw new LocalStackError(
        `the sqs event of function ${functionKey} points to ${JSON.stringify(event.arn)}, which is not a queue declared in resources.Resources.`,
      );
    }
    return {
      functionKey,
      functionName,
      queueUrl: queue.url,
      queueArn: queue.arn,
      batchSize: Math.min(10, Math.max(1, event.batchSize ?? 10)),
      reportBatchItemFailures: event.functionResponseType === 'ReportBatchItemFailures',
      ...(event.maximumConcurrency ? { maximumConcurrency: event.maximumConcurrency } : {}),
    };
  });
}

function toEventMessageAttributes(attributes: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes {
  const base64 = (value: Uint8Array | undefined) => (value ? Buffer.from(value).toString('base64') : undefined);
  return Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [
      name,
      {
        ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
        ...(value.BinaryValue !== undefined ? { binaryValue: base64(value.BinaryValue) } : {}),
        stringListValues: value.StringListValues ?? [],
        binaryListValues: (value.BinaryListValues ?? []).map((item) => base64(item)!),
        dataType: value.DataType ?? 'String',
      },
    ]),
  ) as SQSMessageAttributes;
}

/** An SQS message as Lambda hands it to a function (camelCase keys, attributes as strings). */
export function toSqsRecord(message: Message, source: Pick<PollerSource, 'queueArn'>, region = LOCAL_REGION): SQSRecord {
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: { ...(message.Attributes ?? {}) } as unknown as SQSRecord['attributes'],
    messageAttributes: toEventMessageAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: source.queueArn,
    awsRegion: region,
  };
}

/**
 * The records of `event` that failed, read from the function's response as Lambda reads it: no
 * response or an empty `batchItemFailures` is full success; a malformed response, or an
 * identifier that is empty or not in the batch, fails the whole batch.
 */
export function failedMessageIds(event: SQSEvent, response: unknown, reportBatchItemFailures: boolean): Set<string> {
  const all = new Set(event.Records.map((record) => record.messageId));
  if (!reportBatchItemFailures || response === null || response === undefined || response === '') return new Set();
  if (typeof response !== 'object') return all;
  const failures = (response as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return new Set();
  if (!Array.isArray(failures)) return all;
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !all.has(id)) return all;
    failed.add(id);
  }
  return failed;
}

function parsePayload(payload: Uint8Array | undefined): unknown {
  const text = payload ? Buffer.from(payload).toString('utf8').trim() : '';
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * How long a receive waits for messages (the maximum SQS allows). A receive still waiting when its
 * poller dies is not cancelled: a message that comes meanwhile is handed to it, and so to no one,
 * and shows again only after its queue's visibility timeout.
 */
export const LONG_POLL_SECONDS = 20;

/** Starts one loop per source; `stop()` ends them (an in-flight invocation is abandoned). */
export function startSqsPoller(options: PollerOptions): Poller {
  const region = options.region ?? LOCAL_REGION;
  const sqs = new SQSClient({ ...localClientConfig(options.sqsEndpoint), region });
  // One attempt: a retried Invoke would run the handler twice.
  const lambda = new LambdaClient({ endpoint: options.lambdaEndpoint, region, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const controller = new AbortController();
  const { signal } = controller;
  const log = (line: string) => options.log(`[poller] ${line}`);
  const lambdaPort = Number(new URL(options.lambdaEndpoint).port);

  const settle = async (source: PollerSource, records: SQSRecord[], failed: Set<string>) => {
    const succeeded = records.filter((record) => !failed.has(record.messageId));
    if (succeeded.length) {
      const result = await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: source.queueUrl,
          Entries: succeeded.map((record, index) => ({ Id: `m${index}`, ReceiptHandle: record.receiptHandle })),
        }),
      );
      for (const failure of result.Failed ?? [])
        log(`${source.functionKey}: could not delete a message (${failure.Code}: ${failure.Message})`);
    }
    const retried = records.filter((record) => failed.has(record.messageId));
    if (retried.length && options.failedVisibilitySeconds !== undefined) {
      await sqs.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: source.queueUrl,
          Entries: retried.map((record, index) => ({
            Id: `m${index}`,
            ReceiptHandle: record.receiptHandle,
            VisibilityTimeout: options.failedVisibilitySeconds,
          })),
        }),
      );
    }
  };

  const deliver = async (source: PollerSource, messages: Message[]) => {
    const event: SQSEvent = { Records: messages.map((message) => toSqsRecord(message, source, region)) };
    let failed: Set<string>;
    try {
      const response = await lambda.send(
        new InvokeCommand({
          FunctionName: source.functionName,
          InvocationType: 'RequestResponse',
          Payload: Buffer.from(JSON.stringify(event)),
        }),
        { abortSignal: signal },
      );
      const payload = parsePayload(response.Payload);
      if (response.FunctionError) {
        const message = (payload as { errorMessage?: string } | undefined)?.errorMessage ?? JSON.stringify(payload);
        log(
          `${source.functionKey}: the function failed (${response.FunctionError}: ${message}); the ${messages.length} record(s) will be retried`,
        );
        failed = new Set(event.Records.map((record) => record.messageId));
      } else {
        failed = failedMessageIds(event, payload, source.reportBatchItemFailures);
        if (failed.size) log(`${source.functionKey}: ${failed.size} of ${messages.length} record(s) failed and will be retried`);
      }
    } catch (error) {
      if (signal.aborted) return;
      log(
        `${source.functionKey}: invoking ${source.functionName} failed (${(error as Error).name}: ${(error as Error).message}); the ${messages.length} record(s) will be retried`,
      );
      failed = new Set(event.Records.map((record) => record.messageId));
      // serverless offline may be down (killed, restarting): receiving on meanwhile would hand the
      // same records out again and again, and send them to the dead-letter queue within seconds.
      // So this loop waits until the endpoint takes connections again, as Lambda's pollers back off.
      if (lambdaPort) await waitForPort(lambdaPort, { timeoutMs: Infinity, signal, timeoutMessage: '' }).catch(() => undefined);
    }
    if (signal.aborted) return;
    await settle(source, event.Records, failed);
  };

  const loop = async (source: PollerSource) => {
    while (!signal.aborted) {
      try {
        const { Messages: messages } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: source.queueUrl,
            MaxNumberOfMessages: source.batchSize,
            WaitTimeSeconds: options.waitTimeSeconds ?? LONG_POLL_SECONDS,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: signal },
        );
        if (messages?.length) await deliver(source, messages);
      } catch (error) {
        if (signal.aborted) break;
        log(`${source.functionKey}: ${(error as Error).name}: ${(error as Error).message}; polling ${source.queueUrl} again in 1 s`);
        await sleep(1000, signal).catch(() => undefined);
      }
    }
  };

  const loopsOf = (source: PollerSource) => Math.max(1, Math.min(options.concurrentBatches ?? 1, source.maximumConcurrency ?? Infinity));
  const loopCount = options.sources.reduce((sum, source) => sum + loopsOf(source), 0);
  // Every loop listens on the one signal (receive, invoke, sleep): more than Node's default 10 is not a leak.
  setMaxListeners(Math.max(10, loopCount * 3), signal);
  const loops = options.sources.flatMap((source) => Array.from({ length: loopsOf(source) }, () => loop(source)));
  for (const source of options.sources)
    log(`${source.functionKey} ← ${source.queueUrl} (batch ${source.batchSize}, ${loopsOf(source)} at a time)`);

  return { stop: stopLoops(controller, loops, [sqs, lambda]) };
}
