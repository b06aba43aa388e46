import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { isConditionFailed } from './condition-failed';
import { keys } from './keys';
import { transactWrite } from './transact';

export type ActionStatus = 'pending' | 'running' | 'succeeded' | 'failed';

/** One account's part of a job: one provider call, retried until it ends. */
export interface Action {
  workspaceId: string;
  jobId: string;
  accountId: string;
  /** Copied from the account when planned, so the job reads well even if the account changes. */
  accountName?: string;
  profileUrl?: string;
  status: ActionStatus;
  attempts: number;
  /** Not to run before this time (pacing, retry backoff). ISO 8601. */
  notBefore: string;
  /** Who holds the action while it runs, and until when (epoch ms): duplicates wait or drop. */
  leaseId?: string;
  leaseUntil?: number;
  provider?: string;
  outcome?: string;
  details?: Record<string, string>;
  /** Machine-readable reason of the last failure (the provider's, or ours). */
  reason?: string;
  /** Human-readable message of the last failure. */
  error?: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: number;
}

export type ActionKey = Pick<Action, 'workspaceId' | 'jobId' | 'accountId'>;

const key = (action: ActionKey) => keys.action(action.workspaceId, action.jobId, action.accountId);

/** Creates the action unless it exists (a redelivered job message); returns the stored one. */
export async function createActionOnce(db: Db, action: Action): Promise<Action> {
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...key(action), ...action },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return action;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const existing = await getAction(db, action);
    if (!existing) throw error;
    return existing;
  }
}

export async function getAction(db: Db, action: ActionKey): Promise<Action | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key(action), ConsistentRead: true }));
  return Item ? toAction(Item) : undefined;
}

/**
 * Takes the action for one attempt: pending (or running with an expired lease, after a crash)
 * → running. Returns the claimed action, or undefined when someone else holds it or it ended.
 */
export async function claimAction(db: Db, action: ActionKey, leaseId: string, now: Date, leaseSeconds: number): Promise<Action | undefined> {
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(action),
        UpdateExpression:
          'SET #status = :running, leaseId = :lease, leaseUntil = :until, attempts = attempts + :one, ' +
          'startedAt = if_not_exists(startedAt, :at), updatedAt = :at',
        ConditionExpression: '#status = :pending OR (#status = :running AND leaseUntil < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':pending': 'pending',
          ':lease': leaseId,
          ':until': now.getTime() + leaseSeconds * 1000,
          ':nowMs': now.getTime(),
          ':one': 1,
          ':at': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toAction(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** running → pending again, to be retried at `notBefore`. False if the lease was lost. */
export async function rescheduleAction(
  db: Db,
  action: ActionKey,
  leaseId: string,
  retry: { notBefore: Date; reason: string; error: string },
  now: Date,
): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(action),
        UpdateExpression: 'SET #status = :pending, notBefore = :nb, reason = :reason, #error = :error, updatedAt = :at REMOVE leaseId, leaseUntil',
        ConditionExpression: '#status = :running AND leaseId = :lease',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':running': 'running',
          ':lease': leaseId,
          ':nb': retry.notBefore.toISOString(),
          ':reason': retry.reason,
          ':error': retry.error,
          ':at': now.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export type ActionEnd =
  | { status: 'succeeded'; provider: string; outcome: string; details?: Record<string, string> }
  | { status: 'failed'; provider?: string; reason: string; error: string };

/**
 * Ends the action and counts it in its job, atomically (one transaction), so a crash can never
 * leave a job whose counters disagree with its actions. False if the lease was lost.
 */
export async function endAction(db: Db, action: ActionKey, leaseId: string, end: ActionEnd, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const fields: Record<string, unknown> =
    end.status === 'succeeded'
      ? { provider: end.provider, outcome: end.outcome, details: end.details ?? {} }
      : { reason: end.reason, error: end.error, ...(end.provider ? { provider: end.provider } : {}) };
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':end': end.status, ':running': 'running', ':lease': leaseId, ':at': at };
  const sets = ['#status = :end', 'finishedAt = :at', 'updatedAt = :at'];
  Object.entries(fields).forEach(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    sets.push(`#f${index} = :f${index}`);
  });
  try {
    await transactWrite(db, [
          {
            Update: {
              TableName: db.table,
              Key: key(action),
              UpdateExpression: `SET ${sets.join(', ')} REMOVE leaseId, leaseUntil`,
              ConditionExpression: '#status = :running AND leaseId = :lease',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          {
            Update: {
              TableName: db.table,
              Key: keys.job(action.workspaceId, action.jobId),
              UpdateExpression: `ADD ${end.status} :one, remaining :minusOne SET updatedAt = :at`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1, ':minusOne': -1, ':at': at },
            },
          },
        ]);
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export function toAction(item: Record<string, unknown>): Action {
  const { pk: _pk, sk: _sk, ...action } = item;
  return action as unknown as Action;
}
