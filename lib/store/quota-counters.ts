import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActionKind } from '../schemas/action-kind';
import type { Db } from './client';
import { batchGet } from './batch-get';
import { boundedCountUpdate } from './bounded-counter';
import { isConditionFailed } from './condition-failed';
import { keys } from './keys';
import { cancellationCodes, transactWrite } from './transact';

/**
 * Per-account usage counters, one item per account, kind and period (`keys.quota`), holding
 * `count` and an `expiresAt` TTL well after the period is over.
 */

const dayMs = 86_400_000;
/**
 * Counters outlive their period by a margin, so a late release or a reader across zones still finds
 * them; a day's lives more than a week, for the rolling seven days of invitations.
 */
const dailyTtlMs = 9 * dayMs;
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
  /**
   * The six local days before `day`: with `weeklyLimit`, no seven days in a row (these and `day`)
   * may hold more than it, beside the ISO week's own count.
   */
  previousDays?: string[];
}

/** A refusal says which limit: the day's, the ISO week's, or the rolling seven days' (`rolling_week`). */
export type QuotaResult = { ok: true } | { ok: false; limit: 'daily' | 'weekly' | 'rolling_week' };

/**
 * Units taken on `days`, read (not locked) before taking today's: a past day's count only ever goes
 * down (a release), so bounding today's by what they leave keeps the seven days under the limit.
 */
async function countOn(db: Db, request: Pick<QuotaRequest, 'workspaceId' | 'accountId' | 'kind'>, days: string[]): Promise<number> {
  const counts = await batchGet(
    db,
    days.map((day) => keys.quota(request.workspaceId, request.accountId, request.kind, day)),
    (item) => Number(item.count ?? 0),
  );
  return counts.reduce((sum, count) => sum + Math.max(0, count), 0);
}

/**
 * Takes one unit of the account's daily quota for `kind` (and of its weekly one when `week` and
 * `weeklyLimit` are given, in one transaction: both are taken or neither). Atomic: concurrent
 * callers never take more than the limit. With `previousDays`, today's count is also bounded by
 * what those days leave of `weeklyLimit` (no seven days in a row over it). Refusal says which limit
 * is reached; when the ISO week's is, `weekly` (the later one to reset).
 */
export async function tryConsume(db: Db, request: QuotaRequest, now: Date): Promise<QuotaResult> {
  // The rolling week's room left today, when it is less than the day's own limit, bounds today's count.
  let dailyLimit = request.dailyLimit;
  let rollingBound = false;
  if (request.weeklyLimit !== undefined && request.previousDays?.length) {
    const room = request.weeklyLimit - (await countOn(db, request, request.previousDays));
    if (room < dailyLimit) [dailyLimit, rollingBound] = [room, true];
    // A counter not yet written passes any bound: none left is refused before writing.
    if (dailyLimit <= 0) return { ok: false, limit: 'rolling_week' };
  }
  const dailyKey = keys.quota(request.workspaceId, request.accountId, request.kind, request.day);
  const daily = boundedCountUpdate(db, dailyKey, dailyLimit, new Date(now.getTime() + dailyTtlMs));
  const dailyRefused: QuotaResult = { ok: false, limit: rollingBound ? 'rolling_week' : 'daily' };
  if (request.weeklyLimit === undefined || request.week === undefined) {
    try {
      await db.client.send(new UpdateCommand(daily));
      return { ok: true };
    } catch (error) {
      if (isConditionFailed(error)) return dailyRefused;
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
    if (codes[0] === 'ConditionalCheckFailed') return dailyRefused;
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

/** One usage counter to read: an account's count of one kind in one period (`YYYY-MM-DD` or `YYYY-Www`). */
export interface QuotaCounter {
  kind: ActionKind;
  period: string;
}

/**
 * The counts of an account's usage counters, in the order asked (0 for one not written, or expired),
 * read in one batch, eventually consistent: what usage reports, never what a limit is judged by.
 */
export async function readQuotaCounts(
  db: Db,
  owner: Pick<QuotaRequest, 'workspaceId' | 'accountId'>,
  counters: QuotaCounter[],
): Promise<number[]> {
  const items = await batchGet(
    db,
    counters.map(({ kind, period }) => keys.quota(owner.workspaceId, owner.accountId, kind, period)),
    (item) => item,
  );
  const counts = new Map(items.map((item) => [String(item.sk), Math.max(0, Number(item.count ?? 0))]));
  return counters.map(({ kind, period }) => counts.get(keys.quota(owner.workspaceId, owner.accountId, kind, period).sk) ?? 0);
}
