import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscribableEventType } from '../webhooks/model/event-types';
import type { Db } from './client';
import { writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import { queryPrefix } from './query-all';
import type { TransactItem } from './transact';

/** A workspace's endpoint that receives the events it subscribed to, signed with its secret. */
export interface WebhookEndpoint {
  workspaceId: string;
  webhookId: string;
  url: string;
  events: SubscribableEventType[];
  description?: string;
  /** `disabled` by the workspace (PATCH) or after failing for too long; nothing is delivered then. */
  status: 'enabled' | 'disabled';
  /** `whsec_…`: shown once, at creation and rotation; kept to sign (DynamoDB encrypts it at rest). */
  secret: string;
  /** The secret before the last rotation, still signing beside the new one until `previousSecretUntil`. */
  previousSecret?: string;
  previousSecretUntil?: string;
  /** Since when every attempt failed (cleared by a success); the endpoint is disabled when it lasts too long. */
  failingSince?: string;
  disabledAt?: string;
  disabledReason?: 'failing' | 'by_request';
  createdAt: string;
  updatedAt: string;
}

export type WebhookChanges = Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'status'>>;

/** An endpoint from its item (stored-entity.ts). */
const toEndpoint = entityReader<WebhookEndpoint>()([
  'workspaceId',
  'webhookId',
  'url',
  'events',
  'description',
  'status',
  'secret',
  'previousSecret',
  'previousSecretUntil',
  'failingSince',
  'disabledAt',
  'disabledReason',
  'createdAt',
  'updatedAt',
]);

export async function createWebhook(db: Db, endpoint: WebhookEndpoint): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.webhook(endpoint.workspaceId, endpoint.webhookId), ...endpoint },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getWebhook(db: Db, workspaceId: string, webhookId: string): Promise<WebhookEndpoint | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.webhook(workspaceId, webhookId), ConsistentRead: true }),
  );
  return Item ? toEndpoint(Item) : undefined;
}

/** The workspace's endpoints, oldest first (their ids are ULIDs). */
export async function listWebhooks(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  return (await queryPrefix(db, keys.webhook(workspaceId, '').pk, keys.webhook(workspaceId, '').sk)).map(toEndpoint);
}

/**
 * Changes an endpoint; enabling it again also forgets its failures, and disabling one already
 * disabled keeps the reason it has. Undefined when it does not
 * exist. `description: ''` removes the description.
 */
export async function updateWebhook(
  db: Db,
  workspaceId: string,
  webhookId: string,
  changes: WebhookChanges,
  now: Date,
): Promise<WebhookEndpoint | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':at': now.toISOString() };
  const sets = ['updatedAt = :at'];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (field === 'description' && value === '') {
      removes.push('#description');
      continue;
    }
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (changes.status === 'enabled') removes.push('failingSince', 'disabledAt', 'disabledReason');
  if (changes.status === 'disabled') {
    // An endpoint already disabled (for failing) keeps when and why.
    sets.push('disabledAt = if_not_exists(disabledAt, :at)', 'disabledReason = if_not_exists(disabledReason, :byRequest)');
    values[':byRequest'] = 'by_request';
  }
  const updated = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.webhook(workspaceId, webhookId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return updated && toEndpoint(updated);
}

/**
 * A new secret; the old one keeps signing beside it until `previousUntil`. One write: the update
 * itself moves the current secret to `previousSecret` (no read first). Undefined when the endpoint
 * does not exist.
 */
export async function rotateWebhookSecret(
  db: Db,
  workspaceId: string,
  webhookId: string,
  secret: string,
  previousUntil: Date,
  now: Date,
): Promise<WebhookEndpoint | undefined> {
  const rotated = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.webhook(workspaceId, webhookId),
        // Every operand of SET is read from the item as it was before this update.
        UpdateExpression: 'SET previousSecret = secret, secret = :new, previousSecretUntil = :until, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':new': secret, ':until': previousUntil.toISOString(), ':at': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return rotated && toEndpoint(rotated);
}

export async function deleteWebhook(db: Db, workspaceId: string, webhookId: string): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new DeleteCommand({ TableName: db.table, Key: keys.webhook(workspaceId, webhookId), ConditionExpression: 'attribute_exists(pk)' }),
    ),
  );
}

/** Notes a failed attempt: the endpoint has been failing since its first unanswered one. Returns since when. */
export async function noteWebhookFailing(db: Db, endpoint: WebhookEndpoint, now: Date): Promise<string | undefined> {
  const updated = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.webhook(endpoint.workspaceId, endpoint.webhookId),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return typeof updated?.failingSince === 'string' ? updated.failingSince : undefined;
}

/** A success ends the failing streak. */
export async function noteWebhookSucceeding(db: Db, endpoint: WebhookEndpoint): Promise<void> {
  if (!endpoint.failingSince) return;
  await writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.webhook(endpoint.workspaceId, endpoint.webhookId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/**
 * The transaction item that disables an enabled endpoint because it kept failing (with the
 * `webhook.disabled` event beside it); its condition fails when it was not enabled.
 */
export function disableFailingWebhookItem(db: Db, endpoint: WebhookEndpoint, now: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.webhook(endpoint.workspaceId, endpoint.webhookId),
      UpdateExpression: 'SET #status = :disabled, disabledAt = :at, disabledReason = :failing, updatedAt = :at',
      ConditionExpression: '#status = :enabled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':disabled': 'disabled', ':enabled': 'enabled', ':failing': 'failing', ':at': now.toISOString() },
    },
  };
}
