import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { eventually } from '../../helpers/http-client';

/**
 * The stack of the global setup as a whole: the environment it hands to tests, serverless offline
 * answering HTTP, and the poller feeding a real worker of serverless.yml through serverless
 * offline's Lambda endpoint, down to the dead-letter queue.
 */
const sqs = new SQSClient({});

afterAll(() => sqs.destroy());

describe('the local stack', () => {
  it('hands every variable a client or a handler needs to the tests', () => {
    for (const name of [
      'AWS_ENDPOINT_URL_DYNAMODB',
      'AWS_ENDPOINT_URL_SQS',
      'AWS_ENDPOINT_URL_S3',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'TABLE_NAME',
      'JOBS_QUEUE_URL',
      'ACTIONS_QUEUE_URL',
      'JOBS_DEAD_LETTER_QUEUE_URL',
      'ACTIONS_DEAD_LETTER_QUEUE_URL',
      'TRANSCRIPTS_BUCKET',
      'API_BASE_URL',
    ]) {
      expect({ [name]: process.env[name] }).toEqual({ [name]: expect.stringMatching(/.+/) });
    }
    expect(process.env.AWS_REGION).toBe('us-east-1');
    expect(process.env.PACING_WINDOW_SECONDS).toBe('1');
    expect(process.env.JOBS_QUEUE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/000000000000\/outreach-api-local-jobs$/);
  });

  it('serves the HTTP API through serverless offline', async () => {
    const response = await fetch(`${process.env.API_BASE_URL}/no/such/route`);

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('feeds the jobs worker, which sends an unreadable message to the dead-letter queue after maxReceiveCount deliveries', async () => {
    const marker = `not json ${randomUUID()}`;
    await sqs.send(new SendMessageCommand({ QueueUrl: process.env.JOBS_QUEUE_URL, MessageBody: marker }));

    const dead = await eventually(
      async () => {
        const { Messages } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: process.env.JOBS_DEAD_LETTER_QUEUE_URL,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        return Messages?.find((message) => message.Body === marker);
      },
      25_000,
      'the unreadable message in the dead-letter queue',
    );

    expect(dead.Body).toBe(marker);
    // Received maxReceiveCount (5) times by the poller, and once more here.
    expect(Number(dead.Attributes?.ApproximateReceiveCount)).toBeGreaterThan(5);
    await sqs.send(new DeleteMessageCommand({ QueueUrl: process.env.JOBS_DEAD_LETTER_QUEUE_URL, ReceiptHandle: dead.ReceiptHandle }));
  }, 30_000);
});
