import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writtenIfConditionHolds } from './condition-failed';
import { epochSeconds, keys } from './keys';

/**
 * A workspace's request counter, one item per rate-limit window (`keys.rateCounter`), holding
 * `count` and an `expiresAt` TTL a little after the window: each window has an item of its own,
 * so nothing is ever reset, and DynamoDB deletes the old ones (whenever it gets to them).
 */

export interface RateWindow {
  start: Date;
  end: Date;
}

/** The window's item outlives it by this much, so a Lambda whose clock runs a little late still finds it. */
const ttlMarginMs = 5 * 60_000;

/**
 * Counts one request of the workspace in `window` if fewer than `limit` are counted there, in one
 * conditional write: concurrent callers (any number of Lambdas) never count past the limit, and a
 * refused request is not counted. Answers the count including this request, or `undefined` when
 * the limit is reached.
 */
export async function countRequest(db: Db, workspaceId: string, window: RateWindow, limit: number): Promise<number | undefined> {
  const counted = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.rateCounter(workspaceId, window.start.toISOString()),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': epochSeconds(new Date(window.end.getTime() + ttlMarginMs)) },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return counted?.count as number | undefined;
}
