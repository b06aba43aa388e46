import { randomBytes } from 'node:crypto';
import type { Message } from '@aws-sdk/client-sqs';
import { CreateQueueCommand, DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { addAccount, addGroup, addWorkspace, changeGroupMembers, issueApiKey } from '../../lib/admin/workspace-admin';
import type { AccountInput } from '../../lib/schemas/account-settings';
import type { Account, Spacing } from '../../lib/store/accounts';
import type { Db } from '../../lib/store/client';
import type { WorkspaceSettings } from '../../lib/store/workspaces';
import { createDocumentClient } from '../../lib/store/client';
import { newId } from '../../lib/ids';
import { createWebhook } from '../../lib/store/webhooks';
import type { SubscribableEventType } from '../../lib/webhooks/model/event-types';
import { newSigningSecret } from '../../lib/webhooks/signature';

/** The table of the test stack, through a real document client. */
export function testDb(): Db {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set: integration tests run under the jest global setup (npm test)');
  return { client: createDocumentClient(), table };
}

export function testSqs(): SQSClient {
  return new SQSClient({});
}

/** Working hours that never defer anything. */
export const alwaysWorking = { start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7] };

export const samplePostUrl = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/';

export interface TestWorkspace {
  workspaceId: string;
  apiKey: string;
  keyId: string;
  accounts: Account[];
}

/** Spacing of every kind of touch at 0 seconds. */
export const noSpacing: Spacing = Object.fromEntries(
  (['reactions', 'comments', 'messages', 'invitations', 'visits', 'posts'] as const).map((kind) => [
    kind,
    { minSeconds: 0, jitterSeconds: 0 },
  ]),
);

/**
 * A fresh workspace with an api key, `accounts` sandbox accounts, and groups given as lists of
 * account indexes. Each test gets its own, so tests never see each other's data.
 */
export async function createTestWorkspace(
  db: Db,
  options: {
    accounts?: Array<Partial<AccountInput>> | number;
    groups?: Record<string, number[]>;
    pacingWindowSeconds?: number;
    /** More workspace settings (limits, expiry times). */
    settings?: WorkspaceSettings;
  } = {},
): Promise<TestWorkspace> {
  const workspaceId = `t-${randomBytes(6).toString('hex')}`;
  // No gap between an account's touches unless a test asks for one: tests run many actions per account.
  await addWorkspace(db, workspaceId, `Test ${workspaceId}`, {
    pacingWindowSeconds: options.pacingWindowSeconds ?? 0,
    spacing: noSpacing,
    ...options.settings,
  });
  const specs =
    typeof options.accounts === 'number' ? Array.from({ length: options.accounts }, () => ({})) : (options.accounts ?? [{}, {}]);
  const accounts: Account[] = [];
  for (const [index, spec] of specs.entries()) {
    accounts.push(
      await addAccount(db, workspaceId, {
        name: `Person ${index}`,
        profileUrl: `https://www.linkedin.com/in/${workspaceId}-p${index}`,
        providerAccountId: `${workspaceId}-login-${index}`,
        // Tests run at any hour: their accounts work around the clock unless a test says otherwise.
        workingHours: alwaysWorking,
        ...spec,
      }),
    );
  }
  for (const [name, members] of Object.entries(options.groups ?? { sales: accounts.map((_, i) => i) })) {
    await addGroup(db, workspaceId, name);
    if (members.length)
      await changeGroupMembers(
        db,
        workspaceId,
        name,
        members.map((i) => accounts[i]!.accountId),
        'add',
      );
  }
  const { key, keyId } = await issueApiKey(db, workspaceId, 'test');
  return { workspaceId, apiKey: key, keyId, accounts };
}

/** An API Gateway HTTP API (payload 2.0) event, as Lambda receives it. */
export function httpEvent(request: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return {
    version: '2.0',
    routeKey: `${request.method} ${request.path}`,
    rawPath: request.path,
    rawQueryString: new URLSearchParams(request.query ?? {}).toString(),
    queryStringParameters: request.query,
    headers: { 'content-type': 'application/json', ...request.headers },
    pathParameters: request.pathParameters,
    isBase64Encoded: false,
    body,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: request.method, path: request.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: `req-${randomBytes(4).toString('hex')}`,
      routeKey: `${request.method} ${request.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

/** A queue of the test's own on the emulator, so a test never competes with the stack's poller. */
export async function createTestQueue(sqs: SQSClient, purpose: string): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `test-${purpose}-${randomBytes(5).toString('hex')}` }));
  return QueueUrl!;
}

/** Receives (and deletes) what a queue holds now; waits up to `waitSeconds` for the first message. */
export async function drainQueue(sqs: SQSClient, queueUrl: string, waitSeconds = 1): Promise<Array<Message & { json: unknown }>> {
  const out: Array<Message & { json: unknown }> = [];
  for (;;) {
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: out.length ? 0 : waitSeconds,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (!Messages?.length) return out;
    for (const message of Messages) {
      out.push({ ...message, json: JSON.parse(message.Body ?? 'null') });
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
}

/** A workspace's items whose sort key starts with `skPrefix` (`JOB#`, `TRANSCRIPT#`, `WEBHOOK#`), read consistently. */
export async function workspaceItems(db: Db, workspaceId: string, skPrefix: string): Promise<Array<Record<string, unknown>>> {
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': `WS#${workspaceId}`, ':s': skPrefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/**
 * Subscribes the workspace to `events` with an enabled endpoint at a public address nobody listens
 * on (written to the store directly, no DNS): its deliveries are where a test reads the events.
 */
export async function subscribeWebhook(db: Db, workspaceId: string, events: SubscribableEventType[]): Promise<string> {
  const at = new Date().toISOString();
  const webhookId = newId('wh');
  await createWebhook(db, {
    workspaceId,
    webhookId,
    url: 'https://93.184.215.14/hooks',
    events,
    status: 'enabled',
    secret: newSigningSecret(),
    createdAt: at,
    updatedAt: at,
  });
  return webhookId;
}
