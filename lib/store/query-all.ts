import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

/** Every item a query matches, following DynamoDB's 1 MB pages. */
export async function queryAll(
  db: Db,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item of a partition whose sort key starts with `prefix`. */
export function queryPrefix(db: Db, pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll(db, {
    KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':p': pk, ':s': prefix },
  });
}

/**
 * One page of a partition's items whose sort key starts with `prefix`, read consistently, `limit` at
 * most, after `startKey`; `more` while DynamoDB says more may follow.
 */
export async function queryPrefixPage(
  db: Db,
  pk: string,
  prefix: string,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': pk, ':s': prefix },
      ConsistentRead: true,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: Items, more: LastEvaluatedKey !== undefined };
}

/** Every item of a partition of the `gsi1` index. */
export function queryIndex(db: Db, gsi1pk: string): Promise<Record<string, unknown>[]> {
  return queryAll(db, { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': gsi1pk } });
}
