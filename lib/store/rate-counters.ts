import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { boundedCountUpdate } from './bounded-counter';
import { writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';

/**
 * A workspace's request counter, one item per rate-limit window (`keys.rateCounter`), holding
 * `count` and an `expiresAt` TTL a little after the window (a bounded counter, `bounded-counter.ts`).
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
  const expiresAt = new Date(window.end.getTime() + ttlMarginMs);
  const key = keys.rateCounter(workspaceId, window.start.toISOString());
  const counted = await writtenIfConditionHolds(
    db.client.send(new UpdateCommand({ ...boundedCountUpdate(db, key, limit, expiresAt), ReturnValues: 'UPDATED_NEW' })),
  );
  return typeof counted?.count === 'number' ? counted.count : undefined;
}
