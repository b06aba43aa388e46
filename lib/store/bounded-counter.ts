import type { Db } from './client';
import { epochSeconds } from './keys';

/**
 * The update that adds one to the `count` of the item at `key` only while it is under `limit`, in
 * one conditional write (concurrent writers never count past the limit; a refused one counts
 * nothing), and sets its `expiresAt` TTL. Usable alone (UpdateItem) or in a transaction. Each window
 * or period has an item of its own, so nothing is ever reset; DynamoDB deletes the old ones.
 */
export function boundedCountUpdate(db: Db, key: { pk: string; sk: string }, limit: number, expiresAt: Date) {
  return {
    TableName: db.table,
    Key: key,
    UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': epochSeconds(expiresAt) },
  };
}
