import type { BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

/** BatchGet in chunks of 100, retrying unprocessed keys (throttled parts of a batch). */
export async function batchGet<T>(
  db: Db,
  itemKeys: Array<{ pk: string; sk: string }>,
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) {
    let pending: Array<Record<string, unknown>> | undefined = itemKeys.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 5) throw new Error('BatchGetItem left keys unprocessed after 5 retries');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result: BatchGetCommandOutput = await db.client.send(new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending } } }));
      out.push(...(result.Responses?.[db.table] ?? []).map(map));
      pending = result.UnprocessedKeys?.[db.table]?.Keys;
    }
  }
  return out;
}
