import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PROJECT_ROOT, LOCAL_STAGE } from '../../../scripts/local-stack/project';
import {
  constantCase,
  getAttTarget,
  loadServerlessConfig,
  type CfnResource,
  type ServerlessConfig,
} from '../../../scripts/local-stack/serverless-config';

/**
 * The global setup's stack created the table, queues and bucket of serverless.yml (read through
 * `serverless print`, as the stack does) with what they declare. Clients take their endpoints from
 * the environment, like the application's.
 */
const db = new DynamoDBClient({});
const sqs = new SQSClient({});
const s3 = new S3Client({ forcePathStyle: true });

let config: ServerlessConfig;
const resourcesOf = (type: string): Array<[string, CfnResource]> =>
  Object.entries(config.resources?.Resources ?? {}).filter(([, resource]) => resource.Type === type);

interface KeyElement {
  AttributeName?: string;
  KeyType?: string;
}
interface DeclaredTable {
  TableName: string;
  BillingMode?: string;
  KeySchema: KeyElement[];
  AttributeDefinitions: Array<{ AttributeName: string; AttributeType: string }>;
  GlobalSecondaryIndexes?: Array<{ IndexName: string; KeySchema: KeyElement[]; Projection: { ProjectionType: string } }>;
  TimeToLiveSpecification?: { AttributeName: string; Enabled: boolean };
}
interface DeclaredQueue extends Record<string, unknown> {
  QueueName: string;
  RedrivePolicy?: { deadLetterTargetArn: unknown; maxReceiveCount: number };
}
const table = (resource: CfnResource) => resource.Properties as unknown as DeclaredTable;
const queue = (resource: CfnResource) => resource.Properties as unknown as DeclaredQueue;

beforeAll(async () => {
  ({ config } = await loadServerlessConfig({ projectRoot: PROJECT_ROOT, stage: LOCAL_STAGE, env: process.env }));
});

afterAll(() => {
  db.destroy();
  sqs.destroy();
  s3.destroy();
});

const keys = (schema: KeyElement[] | undefined) => (schema ?? []).map(({ AttributeName, KeyType }) => ({ AttributeName, KeyType }));

describe('the table', () => {
  it('has the keys, attribute types and global secondary indexes serverless.yml declares', async () => {
    const tables = resourcesOf('AWS::DynamoDB::Table');
    expect(tables.length).toBeGreaterThan(0);

    for (const [, resource] of tables) {
      const declared = table(resource);
      const { Table: actual } = await db.send(new DescribeTableCommand({ TableName: declared.TableName }));

      expect(actual?.TableStatus).toBe('ACTIVE');
      expect(keys(actual?.KeySchema)).toEqual(keys(declared.KeySchema));
      expect(actual?.AttributeDefinitions).toEqual(expect.arrayContaining(declared.AttributeDefinitions));
      const indexes = (actual?.GlobalSecondaryIndexes ?? []).map((index) => ({
        IndexName: index.IndexName,
        KeySchema: keys(index.KeySchema),
        ProjectionType: index.Projection?.ProjectionType,
      }));
      expect(indexes).toEqual(
        (declared.GlobalSecondaryIndexes ?? []).map((index) => ({
          IndexName: index.IndexName,
          KeySchema: keys(index.KeySchema),
          ProjectionType: index.Projection.ProjectionType,
        })),
      );
      if (declared.BillingMode === 'PAY_PER_REQUEST') expect(actual?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    }
  });

  it('has time to live on the attribute serverless.yml names', async () => {
    const withTtl = resourcesOf('AWS::DynamoDB::Table').filter(([, resource]) => table(resource).TimeToLiveSpecification?.Enabled);
    expect(withTtl.length).toBeGreaterThan(0);

    for (const [, resource] of withTtl) {
      const { TimeToLiveDescription: ttl } = await db.send(new DescribeTimeToLiveCommand({ TableName: table(resource).TableName }));

      expect(ttl).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: table(resource).TimeToLiveSpecification!.AttributeName });
    }
  });
});

describe('the queues', () => {
  const attributesOf = async (queueName: string) => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }));
    return { url: QueueUrl!, attributes: (Attributes ?? {}) as Record<string, string | undefined> };
  };

  it('exist at the URLs the handlers are given, with the timeouts and retention serverless.yml declares', async () => {
    const queues = resourcesOf('AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThan(0);

    for (const [logicalId, resource] of queues) {
      const declared = queue(resource);
      const { url, attributes } = await attributesOf(declared.QueueName);

      expect(url).toBe(`${process.env.AWS_ENDPOINT_URL_SQS}/000000000000/${declared.QueueName}`);
      expect(process.env[`${constantCase(logicalId)}_URL`]).toBe(url);
      for (const name of [
        'VisibilityTimeout',
        'MessageRetentionPeriod',
        'DelaySeconds',
        'MaximumMessageSize',
        'ReceiveMessageWaitTimeSeconds',
      ]) {
        if (declared[name] !== undefined) expect({ [name]: attributes[name] }).toEqual({ [name]: String(declared[name]) });
      }
    }
  });

  it('send what fails maxReceiveCount times to their own dead-letter queue', async () => {
    const redriven = resourcesOf('AWS::SQS::Queue').filter(([, resource]) => queue(resource).RedrivePolicy);
    expect(redriven.length).toBeGreaterThan(0);

    for (const [, resource] of redriven) {
      const declared = queue(resource);
      const redrive = declared.RedrivePolicy!;
      const deadLetterId = getAttTarget(redrive.deadLetterTargetArn)!;
      const deadLetter = queue(config.resources!.Resources![deadLetterId]!);
      const [{ attributes }, { attributes: dlqAttributes }] = await Promise.all([
        attributesOf(declared.QueueName),
        attributesOf(deadLetter.QueueName),
      ]);

      expect(JSON.parse(attributes.RedrivePolicy!)).toEqual({
        deadLetterTargetArn: dlqAttributes.QueueArn,
        maxReceiveCount: redrive.maxReceiveCount,
      });
      expect(dlqAttributes.QueueArn).toMatch(new RegExp(`:${deadLetter.QueueName}$`));
    }
  });
});

describe('the bucket', () => {
  it('exists under the name the handlers are given, and keeps objects (path-style)', async () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThan(0);
    const bucket = process.env.TRANSCRIPTS_BUCKET!;
    const key = `local-stack-test/${Date.now()}.txt`;

    await expect(s3.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'hello' }));
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));

    expect(await object.Body!.transformToString()).toBe('hello');
  });
});
