import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writeIfConditionHolds } from './condition-failed';

/**
 * Keeps an item at least until `expiresAt` (epoch seconds, its TTL attribute): a later TTL is set, an
 * earlier one never (nothing is shortened), and an item already gone is left gone. DynamoDB deletes
 * items some time after their TTL, so work that waits past its item's must move it first.
 */
export async function keepUntil(db: Db, key: { pk: string; sk: string }, expiresAt: number): Promise<void> {
  await writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET expiresAt = :expiresAt',
        ConditionExpression: 'attribute_exists(pk) AND expiresAt < :expiresAt',
        ExpressionAttributeValues: { ':expiresAt': expiresAt },
      }),
    ),
  );
}
