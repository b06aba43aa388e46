import { batchGet } from './batch-get';
import type { Db } from './client';
import { keys } from './keys';
import type { TransactItem } from './transact';

/**
 * How many actions each account has that have not ended (pending, running, awaiting an approval or
 * an acceptance): one counter per account, moved in the same transactions that create and end
 * actions, so it never drifts from them. The API reads it to refuse queuing more work for an account
 * than it can do in reasonable time.
 */

/** The transaction item that adds `delta` (1 when an action is created, -1 when it ends) to an account's count. */
export function backlogItem(db: Db, workspaceId: string, accountId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.accountBacklog(workspaceId, accountId),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** Each account's count of actions not ended (0 for one that has none). */
export async function getBacklogs(db: Db, workspaceId: string, accountIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(accountIds.map((id) => [id, 0]));
  const items = await batchGet(
    db,
    accountIds.map((id) => keys.accountBacklog(workspaceId, id)),
    (item) => item,
  );
  for (const item of items) counts.set(String(item.sk).slice('BACKLOG#'.length), Math.max(0, Number(item.count ?? 0)));
  return counts;
}
