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

/** Every item of a partition of the `gsi1` index. */
export function queryIndex(db: Db, gsi1pk: string): Promise<Record<string, unknown>[]> {
  return queryAll(db, { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': gsi1pk } });
}
