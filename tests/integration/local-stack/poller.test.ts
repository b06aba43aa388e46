import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { failedMessageIds, startSqsPoller, type Poller } from '../../../scripts/local-stack/poller';
import { eventually } from '../../helpers/http-client';

/**
 * The poller against the real fauxqs of the global setup's stack and a function of the test's own,
 * served by an HTTP server that answers as the Lambda Invoke API does (serverless-offline's too):
 * the response body is the function's result, and `X-Amz-Function-Error` marks a thrown error.
 */
type Behaviour = (event: SQSEvent) => { result?: unknown; unhandledError?: string };

class FakeLambda {
  readonly invocations: Array<{ functionName: string; event: SQSEvent }> = [];
  behaviour: Behaviour = () => ({});
  /** How long each invocation takes, and the most seen running at once. */
  delayMs = 0;
  private inFlight = 0;
  maxInFlight = 0;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const functionName = decodeURIComponent(/^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(request.url ?? '')?.[1] ?? '');
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SQSEvent;
      this.invocations.push({ functionName, event });
      this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
      setTimeout(() => {
        this.inFlight--;
        this.answer(response, event);
      }, this.delayMs);
    });
  });

  private answer(response: http.ServerResponse, event: SQSEvent): void {
    {
      const { result, unhandledError } = this.behaviour(event);
      if (unhandledError) {
        response.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
        response.end(JSON.stringify({ errorType: 'Error', errorMessage: unhandledError }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(result === undefined ? '' : JSON.stringify(result));
    }
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  records(body: string) {
    return this.invocations.flatMap(({ event }) => event.Records).filter((record) => record.body === body);
  }
}

const sqs = new SQSClient({});
const lambda = new FakeLambda();
let lambdaEndpoint: string;
let poller: Poller | undefined;

/** `eventually`, for checks that say "not yet" with false as well as undefined. */
function waitFor<T>(what: string, check: () => Promise<T | false | undefined> | T | false | undefined): Promise<T> {
  return eventually(async () => (await check()) || undefined, 20_000, what);
}

/** A queue with its own dead-letter queue, as serverless.yml declares them (short timeouts). */
async function createQueuePair(maxReceiveCount: number) {
  const name = `poller-test-${randomUUID().slice(0, 8)}`;
  const { QueueUrl: dlqUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
  const { QueueUrl: url } = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: '30',
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount }),
      },
    }),
  );
  const { Attributes: own } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  return { url: url!, arn: own!.QueueArn!, dlqUrl: dlqUrl! };
}

async function countsOf(url: string) {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
    }),
  );
  return {
    visible: Number(Attributes?.ApproximateNumberOfMessages),
    inFlight: Number(Attributes?.ApproximateNumberOfMessagesNotVisible),
    delayed: Number(Attributes?.ApproximateNumberOfMessagesDelayed),
  };
}

function startPoller(
  queue: { url: string; arn: string },
  batchSize = 10,
  lines: string[] = [],
  concurrency: { concurrentBatches?: number; maximumConcurrency?: number } = {},
) {
  poller = startSqsPoller({
    sources: [
      {
        functionKey: 'testWorker',
        functionName: 'outreach-api-local-testWorker',
        queueUrl: queue.url,
        queueArn: queue.arn,
        batchSize,
        reportBatchItemFailures: true,
        ...(concurrency.maximumConcurrency ? { maximumConcurrency: concurrency.maximumConcurrency } : {}),
      },
    ],
    concurrentBatches: concurrency.concurrentBatches,
    sqsEndpoint: process.env.AWS_ENDPOINT_URL_SQS!,
    lambdaEndpoint,
    failedVisibilitySeconds: 1,
    waitTimeSeconds: 1,
    log: (line) => lines.push(line),
  });
}

beforeAll(async () => {
  lambdaEndpoint = await lambda.listen();
});

afterEach(async () => {
  await poller?.stop();
  poller = undefined;
  lambda.invocations.length = 0;
  lambda.behaviour = () => ({});
  lambda.delayMs = 0;
  lambda.maxInFlight = 0;
});

afterAll(async () => {
  await lambda.close();
  sqs.destroy();
});

describe('the SQS poller', () => {
  it('hands a batch to the function as a Lambda SQS event', async () => {
    const queue = await createQueuePair(3);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queue.url,
        MessageBody: '{"hello":"world"}',
        MessageAttributes: {
          traceId: { DataType: 'String', StringValue: 't-1' },
          blob: { DataType: 'Binary', BinaryValue: Buffer.from([1, 2, 3]) },
        },
      }),
    );

    startPoller(queue);
    const [invocation] = await waitFor('an invocation', () => (lambda.invocations.length ? lambda.invocations : undefined));

    expect(invocation!.functionName).toBe('outreach-api-local-testWorker');
    expect(invocation!.event.Records).toEqual([
      expect.objectContaining({
        messageId: expect.any(String),
        receiptHandle: expect.any(String),
        body: '{"hello":"world"}',
        attributes: expect.objectContaining({ ApproximateReceiveCount: '1', SentTimestamp: expect.stringMatching(/^\d+$/) }),
        messageAttributes: {
          traceId: { stringValue: 't-1', stringListValues: [], binaryListValues: [], dataType: 'String' },
          blob: { binaryValue: Buffer.from([1, 2, 3]).toString('base64'), stringListValues: [], binaryListValues: [], dataType: 'Binary' },
        },
        md5OfBody: expect.any(String),
        eventSource: 'aws:sqs',
        eventSourceARN: queue.arn,
        awsRegion: 'us-east-1',
      }),
    ]);
    await waitFor('the message to be deleted', async () => {
      const counts = await countsOf(queue.url);
      return counts.visible + counts.inFlight === 0;
    });
  });

  it('deletes the records that succeeded and redelivers only the one reported in batchItemFailures', async () => {
    const queue = await createQueuePair(5);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: ['ok-1', 'fail-once', 'ok-2'].map((body, index) => ({ Id: `m${index}`, MessageBody: body })),
      }),
    );
    lambda.behaviour = (event): { result: SQSBatchResponse } => ({
      result: {
        batchItemFailures: event.Records.filter(
          (record) => record.body === 'fail-once' && record.attributes.ApproximateReceiveCount === '1',
        ).map((record) => ({
          itemIdentifier: record.messageId,
        })),
      },
    });

    startPoller(queue);
    await waitFor('the failed record to come back', () => lambda.records('fail-once').length >= 2 || undefined);
    await waitFor('the queue to be empty', async () => {
      const counts = await countsOf(queue.url);
      return counts.visible + counts.inFlight === 0;
    });

    expect(lambda.invocations[0]!.event.Records.map((record) => record.body).sort()).toEqual(['fail-once', 'ok-1', 'ok-2']);
    expect(lambda.records('ok-1')).toHaveLength(1);
    expect(lambda.records('ok-2')).toHaveLength(1);
    expect(lambda.records('fail-once').map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    expect(await countsOf(queue.dlqUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('moves a record that fails every time to the dead-letter queue after maxReceiveCount receives', async () => {
    const queue = await createQueuePair(2);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: [
          { Id: 'a', MessageBody: 'always-fails' },
          { Id: 'b', MessageBody: 'fine' },
        ],
      }),
    );
    lambda.behaviour = (event) => ({
      result: {
        batchItemFailures: event.Records.filter((record) => record.body === 'always-fails').map((record) => ({
          itemIdentifier: record.messageId,
        })),
      },
    });

    startPoller(queue);
    const dead = await waitFor('the record in the dead-letter queue', async () => {
      const { Messages } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
      );
      return Messages?.[0];
    });

    expect(dead.Body).toBe('always-fails');
    expect(lambda.records('always-fails')).toHaveLength(2);
    expect(lambda.records('fine')).toHaveLength(1);
    expect(await countsOf(queue.url)).toMatchObject({ visible: 0, inFlight: 0 });
  });

  it('deletes nothing when the function throws, and keeps polling', async () => {
    const queue = await createQueuePair(5);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: [
          { Id: 'a', MessageBody: 'one' },
          { Id: 'b', MessageBody: 'two' },
        ],
      }),
    );
    let calls = 0;
    lambda.behaviour = () => (++calls === 1 ? { unhandledError: 'boom' } : {});
    const lines: string[] = [];

    startPoller(queue, 10, lines);
    await waitFor(
      'both records delivered again',
      () => (lambda.records('one').length >= 2 && lambda.records('two').length >= 2) || undefined,
    );
    await waitFor('the queue to be empty', async () => {
      const counts = await countsOf(queue.url);
      return counts.visible + counts.inFlight === 0;
    });

    expect(lambda.invocations[0]!.event.Records).toHaveLength(2);
    expect(lines.join('\n')).toMatch(/the function failed \(Unhandled: boom\)/);
  });

  it('honours the batch size', async () => {
    const queue = await createQueuePair(5);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: Array.from({ length: 5 }, (_, index) => ({ Id: `m${index}`, MessageBody: `b${index}` })),
      }),
    );

    startPoller(queue, 2);
    await waitFor('all five delivered', () => lambda.invocations.flatMap(({ event }) => event.Records).length >= 5 || undefined);

    expect(Math.max(...lambda.invocations.map(({ event }) => event.Records.length))).toBeLessThanOrEqual(2);
  });
});

describe('concurrent batches', () => {
  it.each([
    ['one batch at a time by default', {}, 1],
    ['several at once when asked, as Lambda pollers do', { concurrentBatches: 4 }, 4],
    ["never more than the event's maximumConcurrency", { concurrentBatches: 4, maximumConcurrency: 2 }, 2],
  ])('%s', async (_case, concurrency, expected) => {
    const queue = await createQueuePair(5);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: Array.from({ length: 8 }, (_, index) => ({ Id: `m${index}`, MessageBody: `c${index}` })),
      }),
    );
    lambda.delayMs = 300;

    startPoller(queue, 1, [], concurrency);
    await waitFor(
      'all eight delivered',
      async () => (await countsOf(queue.url)).visible + (await countsOf(queue.url)).inFlight === 0 || undefined,
    );

    expect(lambda.maxInFlight).toBe(expected);
  });
});

describe('reading batchItemFailures as Lambda does', () => {
  const event = { Records: [{ messageId: 'a' }, { messageId: 'b' }] } as SQSEvent;

  it.each([
    ['no response', undefined, []],
    ['an empty object', {}, []],
    ['an empty list', { batchItemFailures: [] }, []],
    ['a null list', { batchItemFailures: null }, []],
    ['one failure', { batchItemFailures: [{ itemIdentifier: 'b' }] }, ['b']],
    ['an unknown identifier', { batchItemFailures: [{ itemIdentifier: 'zz' }] }, ['a', 'b']],
    ['an empty identifier', { batchItemFailures: [{ itemIdentifier: '' }] }, ['a', 'b']],
    ['a misnamed key', { batchItemFailures: [{ id: 'a' }] }, ['a', 'b']],
    ['a response that is not an object', 'oops', ['a', 'b']],
  ])('%s', (_, response, failed) => {
    expect([...failedMessageIds(event, response, true)].sort()).toEqual(failed);
  });

  it('treats every response as success without ReportBatchItemFailures', () => {
    expect(failedMessageIds(event, { batchItemFailures: [{ itemIdentifier: 'a' }] }, false).size).toBe(0);
  });
});
