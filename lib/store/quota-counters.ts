import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActionKind } from '../schemas/action-kind';
import type { Db } from './client';
import { boundedCountUpdate } from './bounded-counter';
import { isConditionFailed } from './condition-failed';
import { keys } from './keys';
import { cancellationCodes, transactWrite } from './transact';

/**
 * Per-account usage counters, one item per account, kind and period (`keys.quota`), holding
 * `count` and an `expiresAt` TTL well after the period is over.
 */

const dayMs = 86_400_000;
/** Counters outlive their period by a margin, so a late release or a reader across zones still finds them. */
const dailyTtlMs = 3 * dayMs;
const weeklyTtlMs = 3 * 7 * dayMs;

export interface QuotaRequest {
  workspaceId: string;
  accountId: string;
  kind: ActionKind;
  /** The account's local day, `YYYY-MM-DD` (see `quotaPeriods`). */
  day: string;
  /** The account's local ISO week, `YYYY-Www`; counted only with `weeklyLimit`. */
  week?: string;
  dailyLimit: number;
  weeklyLimit?: number;
}

export type QuotaResult = { ok: true } | { ok: false; limit: 'daily' | 'weekly' };

/**
 * Takes one unit of the account's daily quota for `kind` (and of its weekly one when `week` and
 * `weeklyLimit` are given, in one transaction: both are taken or neither). Atomic: concurrent
 * callers never take more than the limit. Refusal says which limit is reached; when both are,
 * `weekly` (the later one to reset).
 */
export async function tryConsume(db: Db, request: QuotaRequest, now: Date): Promise<QuotaResult> {
  const dailyKey = keys.quota(request.workspaceId, request.accountId, request.kind, request.day);
  const daily = boundedCountUpdate(db, dailyKey, request.dailyLimit, new Date(now.getTime() + dailyTtlMs));
  if (request.weeklyLimit === undefined || request.week === undefined) {
    try {
      await db.client.send(new UpdateCommand(daily));
      return { ok: true };
    } catch (error) {
      if (isConditionFailed(error)) return { ok: false, limit: 'daily' };
      throw error;
    }
  }
  const weeklyKey = keys.quota(request.workspaceId, request.accountId, request.kind, request.week);
  const weekly = boundedCountUpdate(db, weeklyKey, request.weeklyLimit, new Date(now.getTime() + weeklyTtlMs));
  try {
    await transactWrite(db, [{ Update: daily }, { Update: weekly }]);
    return { ok: true };
  } catch (error) {
    const codes = cancellationCodes(error) ?? [];
    if (codes[1] === 'ConditionalCheckFailed') return { ok: false, limit: 'weekly' };
    if (codes[0] === 'ConditionalCheckFailed') return { ok: false, limit: 'daily' };
    throw error;
  }
}

/**
 * Gives back one unit taken by `tryConsume`, when the action did not reach the provider. Never
 * goes below 0 and ignores a counter that is gone (expired). Daily and weekly are released
 * separately: a missing one must not keep the other from being released.
 */
export async function release(db: Db, request: Pick<QuotaRequest, 'workspaceId' | 'accountId' | 'kind' | 'day' | 'week'>): Promise<void> {
  const periods = [request.day, ...(request.week === undefined ? [] : [request.week])];
  await Promise.all(
    periods.map(async (period) => {
      try {
        await db.client.send(
          new UpdateCommand({
            TableName: db.table,
            Key: keys.quota(request.workspaceId, request.accountId, request.kind, period),
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: '#count > :zero',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        );
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }),
  );
}
