import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { isConditionFailed } from './condition-failed';
import { epochSeconds, keys } from './keys';
import { entityReader } from './stored-entity';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  /** While in progress: until when the first request holds the key (a crashed one lets go then). */
  lockedUntil: number;
  response?: StoredResponse;
  expiresAt: number;
}

/**
 * Claims an idempotency key for a request. Returns undefined when claimed, or the record that
 * holds the key (completed, or in progress elsewhere) when it is taken.
 */
export async function claimIdempotencyKey(
  db: Db,
  workspaceId: string,
  keyHash: string,
  fingerprint: string,
  now: Date,
  options: { ttlSeconds: number; lockSeconds: number },
): Promise<IdempotencyRecord | undefined> {
  const record: IdempotencyRecord = {
    fingerprint,
    state: 'in_progress',
    lockedUntil: now.getTime() + options.lockSeconds * 1000,
    expiresAt: epochSeconds(now) + options.ttlSeconds,
  };
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.idempotency(workspaceId, keyHash), ...record },
        // TTL deletion lags by up to days: an expired record counts as absent. So does an
        // abandoned one (its request crashed) with the same body.
        ConditionExpression:
          'attribute_not_exists(pk) OR expiresAt < :now OR (#state = :inProgress AND lockedUntil < :nowMs AND fingerprint = :fp)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':now': epochSeconds(now), ':nowMs': now.getTime(), ':inProgress': 'in_progress', ':fp': fingerprint },
      }),
    );
    return undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.idempotency(workspaceId, keyHash), ConsistentRead: true }),
  );
  if (!Item) return claimIdempotencyKey(db, workspaceId, keyHash, fingerprint, now, options);
  return toIdempotencyRecord(Item);
}

export async function completeIdempotencyKey(db: Db, workspaceId: string, keyHash: string, response: StoredResponse): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.idempotency(workspaceId, keyHash),
      UpdateExpression: 'SET #state = :completed, #response = :response REMOVE lockedUntil',
      ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
      ExpressionAttributeValues: { ':completed': 'completed', ':response': response },
    }),
  );
}

/** Lets go of a key whose request failed on our side, so that a retry can run. */
export async function releaseIdempotencyKey(db: Db, workspaceId: string, keyHash: string): Promise<void> {
  await db.client
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: keys.idempotency(workspaceId, keyHash),
        ConditionExpression: '#state = :inProgress',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'in_progress' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** A record from its item (stored-entity.ts). */
const toIdempotencyRecord = entityReader<IdempotencyRecord>()(['fingerprint', 'state', 'response', 'lockedUntil', 'expiresAt']);
