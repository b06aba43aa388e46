/**
 * Creates, in the emulators, the table, queues and buckets that serverless.yml declares under
 * `resources.Resources`, read from `serverless print` (the one definition). Idempotent: what
 * already exists (a persisted table) is kept as is.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localClientConfig, localS3ClientConfig } from './clients';
import { constantCase, getAttTarget, refTarget, type CfnResource, type ServerlessConfig } from './serverless-config';
import { LocalStackError } from './stack-error';

export interface LocalQueue {
  logicalId: string;
  name: string;
  url: string;
  arn: string;
}

export interface LocalResources {
  tables: Record<string, { name: string }>;
  queues: Record<string, LocalQueue>;
  buckets: Record<string, { name: string }>;
}

export interface Endpoints {
  dynamodb: string;
  sqs: string;
  s3: string;
}

type Log = (line: string) => void;

const byType = (config: ServerlessConfig, type: string): Array<[string, CfnResource]> =>
  Object.entries(config.resources?.Resources ?? {}).filter(([, resource]) => resource.Type === type);

// CloudFormation properties of AWS::DynamoDB::Table that CreateTable takes as they are. The others
// (PITR, SSE, tags, contributor insights, ...) mean nothing to DynamoDB Local; TTL is applied after.
const TABLE_PROPERTIES = [
  'TableName',
  'AttributeDefinitions',
  'KeySchema',
  'BillingMode',
  'ProvisionedThroughput',
  'LocalSecondaryIndexes',
  'TableClass',
] as const;
const INDEX_PROPERTIES = ['IndexName', 'KeySchema', 'Projection', 'ProvisionedThroughput'] as const;

function pick<T extends Record<string, unknown>>(source: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

/** AWS::DynamoDB::Table properties → CreateTable input. */
export function createTableInput(logicalId: string, properties: Record<string, unknown>): CreateTableCommandInput {
  if (typeof properties.TableName !== 'string') {
    throw new LocalStackError(`resources.Resources.${logicalId} has no literal TableName; the local stack needs one to create the table.`);
  }
  const input: Record<string, unknown> = pick(properties, TABLE_PROPERTIES);
  const indexes = properties.GlobalSecondaryIndexes as Array<Record<string, unknown>> | undefined;
  if (indexes?.length) input.GlobalSecondaryIndexes = indexes.map((index) => pick(index, INDEX_PROPERTIES));
  const stream = properties.StreamSpecification as { StreamViewType?: string } | undefined;
  if (stream?.StreamViewType) input.StreamSpecification = { StreamEnabled: true, StreamViewType: stream.StreamViewType };
  return input as unknown as CreateTableCommandInput;
}

async function createTable(db: DynamoDBClient, logicalId: string, resource: CfnResource, log: Log): Promise<string> {
  const properties = resource.Properties ?? {};
  const input = createTableInput(logicalId, properties);
  const name = input.TableName!;
  try {
    await db.send(new CreateTableCommand(input));
    log(`[resources] table ${name} created`);
  } catch (error) {
    if ((error as Error).name !== 'ResourceInUseException') throw error;
    await warnIfTableDiffers(db, input, log);
  }
  const ttl = properties.TimeToLiveSpecification as { AttributeName?: string; Enabled?: boolean } | undefined;
  if (ttl?.Enabled && ttl.AttributeName) {
    const current = await db.send(new DescribeTimeToLiveCommand({ TableName: name }));
    const status = current.TimeToLiveDescription?.TimeToLiveStatus;
    if (!(status === 'ENABLED' || status === 'ENABLING') || current.TimeToLiveDescription?.AttributeName !== ttl.AttributeName) {
      await db.send(
        new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true } }),
      );
    }
  }
  return name;
}

/** A persisted table made from an older serverless.yml keeps its old keys and indexes: say so. */
async function warnIfTableDiffers(db: DynamoDBClient, wanted: CreateTableCommandInput, log: Log): Promise<void> {
  const { Table: table } = await db.send(new DescribeTableCommand({ TableName: wanted.TableName }));
  const keys = (schema?: Array<{ AttributeName?: string; KeyType?: string }>) =>
    JSON.stringify((schema ?? []).map((key) => `${key.AttributeName}:${key.KeyType}`));
  const indexes = (list?: Array<{ IndexName?: string; KeySchema?: Array<{ AttributeName?: string; KeyType?: string }> }>) =>
    JSON.stringify((list ?? []).map((index) => `${index.IndexName}=${keys(index.KeySchema)}`).sort());
  const same =
    keys(table?.KeySchema) === keys(wanted.KeySchema) && indexes(table?.GlobalSecondaryIndexes) === indexes(wanted.GlobalSecondaryIndexes);
  log(
    same
      ? `[resources] table ${wanted.TableName} already exists (kept, with its data)`
      : `[resources] WARNING: table ${wanted.TableName} exists with other keys or indexes than serverless.yml declares; \`npm run reset\` recreates it (and wipes local data)`,
  );
}

// Properties of AWS::SQS::Queue that are queue attributes under the same name.
const QUEUE_ATTRIBUTES = [
  'ContentBasedDeduplication',
  'DeduplicationScope',
  'DelaySeconds',
  'FifoQueue',
  'FifoThroughputLimit',
  'KmsDataKeyReusePeriodSeconds',
  'KmsMasterKeyId',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'RedriveAllowPolicy',
  'RedrivePolicy',
  'SqsManagedSseEnabled',
  'VisibilityTimeout',
] as const;

/** Replaces every `Fn::GetAtt [Queue, Arn]` inside `value` by that local queue's ARN. */
function resolveQueueArns(value: unknown, queues: Record<string, LocalQueue>, where: string): unknown {
  const target = getAttTarget(value);
  if (target) {
    const queue = queues[target];
    if (!queue)
      throw new LocalStackError(
        `${where} refers to ${target}.Arn, which is not an AWS::SQS::Queue of serverless.yml (or is created after it).`,
      );
    return queue.arn;
  }
  if (Array.isArray(value)) return value.map((item) => resolveQueueArns(item, queues, where));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveQueueArns(item, queues, where)]));
  }
  return value;
}

/** AWS::SQS::Queue properties → CreateQueue attributes (all strings; JSON for the policies). */
export function queueAttributes(
  logicalId: string,
  properties: Record<string, unknown>,
  queues: Record<string, LocalQueue>,
): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const name of QUEUE_ATTRIBUTES) {
    const value = properties[name];
    if (value === undefined) continue;
    const resolved = resolveQueueArns(value, queues, `resources.Resources.${logicalId}.Properties.${name}`);
    attributes[name] = typeof resolved === 'object' ? JSON.stringify(resolved) : String(resolved);
  }
  return attributes;
}

/** Queues in an order where every dead-letter queue comes before the queues that use it. */
function queuesInCreationOrder(queues: Array<[string, CfnResource]>): Array<[string, CfnResource]> {
  const pending = new Map(queues);
  const ordered: Array<[string, CfnResource]> = [];
  const visit = (logicalId: string, path: string[]) => {
    const resource = pending.get(logicalId);
    if (!resource) return;
    if (path.includes(logicalId))
      throw new LocalStackError(`queues of serverless.yml refer to each other in a loop: ${[...path, logicalId].join(' → ')}`);
    const dependency = getAttTarget((resource.Properties?.RedrivePolicy as Record<string, unknown> | undefined)?.deadLetterTargetArn);
    if (dependency) visit(dependency, [...path, logicalId]);
    if (pending.delete(logicalId)) ordered.push([logicalId, resource]);
  };
  for (const [logicalId] of queues) visit(logicalId, []);
  return ordered;
}

async function createQueues(sqs: SQSClient, config: ServerlessConfig, log: Log): Promise<Record<string, LocalQueue>> {
  const created: Record<string, LocalQueue> = {};
  for (const [logicalId, resource] of queuesInCreationOrder(byType(config, 'AWS::SQS::Queue'))) {
    const properties = resource.Properties ?? {};
    const name =
      typeof properties.QueueName === 'string' ? properties.QueueName : `${config.service}-${config.provider.stage}-${logicalId}`;
    const tags = Array.isArray(properties.Tags)
      ? Object.fromEntries((properties.Tags as Array<{ Key: string; Value: unknown }>).map((tag) => [tag.Key, String(tag.Value)]))
      : undefined;
    const { QueueUrl: url } = await sqs.send(
      new CreateQueueCommand({ QueueName: name, Attributes: queueAttributes(logicalId, properties, created), ...(tags ? { tags } : {}) }),
    );
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
    created[logicalId] = { logicalId, name, url: url!, arn: Attributes!.QueueArn! };
  }
  if (Object.keys(created).length)
    log(
      `[resources] queues ${Object.values(created)
        .map((queue) => queue.name)
        .join(', ')} created`,
    );
  return created;
}

/** A bucket without a literal BucketName takes the name the stage gives it in provider.environment. */
function bucketName(config: ServerlessConfig, logicalId: string, resource: CfnResource): string {
  const literal = resource.Properties?.BucketName;
  if (typeof literal === 'string') return literal;
  const variable = constantCase(logicalId);
  const fromEnvironment = config.provider.environment?.[variable];
  if (typeof fromEnvironment === 'string' && fromEnvironment) return fromEnvironment;
  throw new LocalStackError(
    `the bucket ${logicalId} has no BucketName, and provider.environment.${variable} is ${
      refTarget(fromEnvironment) ? `a Ref (${refTarget(fromEnvironment)})` : 'not set'
    } for this stage: give it a literal name in the \`local\` params of serverless.yml.`,
  );
}

async function createBuckets(s3: S3Client, config: ServerlessConfig, log: Log): Promise<Record<string, { name: string }>> {
  const created: Record<string, { name: string }> = {};
  for (const [logicalId, resource] of byType(config, 'AWS::S3::Bucket')) {
    const name = bucketName(config, logicalId, resource);
    try {
      await s3.send(new CreateBucketCommand({ Bucket: name }));
    } catch (error) {
      if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((error as Error).name)) throw error;
    }
    created[logicalId] = { name };
    log(`[resources] bucket ${name} created`);
  }
  return created;
}

/** Creates every table, queue and bucket of the config in the emulators at `endpoints`. */
export async function createResources(config: ServerlessConfig, endpoints: Endpoints, log: Log): Promise<LocalResources> {
  const db = new DynamoDBClient(localClientConfig(endpoints.dynamodb));
  const sqs = new SQSClient(localClientConfig(endpoints.sqs));
  const s3 = new S3Client(localS3ClientConfig(endpoints.s3));
  try {
    const [tables, queues, buckets] = await Promise.all([
      Promise.all(
        byType(config, 'AWS::DynamoDB::Table').map(
          async ([logicalId, resource]) => [logicalId, { name: await createTable(db, logicalId, resource, log) }] as const,
        ),
      ).then((entries) => Object.fromEntries(entries)),
      createQueues(sqs, config, log),
      createBuckets(s3, config, log),
    ]);
    return { tables, queues, buckets };
  } catch (error) {
    if (error instanceof LocalStackError) throw error;
    throw new LocalStackError(
      `creating the resources of serverless.yml in the emulators failed: ${(error as Error).name}: ${(error as Error).message}`,
    );
  } finally {
    db.destroy();
    sqs.destroy();
    s3.destroy();
  }
}
