/** The writes of an attempt on an action: its lease taken, kept, or given back to wait (a retry, a deferral). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import type { DeferredReason } from '../errors';
import type { Action, ActionKey } from './actions';
import { actionItemKey, getAction, toAction, updateActionIfCurrent } from './actions';

/**
 * What a claim found: the action, taken for this attempt; or, when another attempt holds it or it
 * is not pending (anymore), the action as it now is.
 */
export type Claim = { claimed: Action; current?: undefined } | { claimed?: undefined; current: Action | undefined };

/**
 * Takes the action for one attempt: pending (or running with an expired lease, after a crash)
 * → running, with this attempt's lease, and in the index of held actions until the lease ends
 * (the connection watch re-drives an action still held long after, lib/outreach/run/redrive-lapsed-actions.ts).
 */
export async function claimAction(db: Db, action: ActionKey, leaseId: string, now: Date, leaseSeconds: number): Promise<Claim> {
  const leaseUntil = now.getTime() + leaseSeconds * 1000;
  const held = keys.heldActionIndex(new Date(leaseUntil).toISOString(), action.workspaceId, action.jobId, action.accountId);
  const claimed = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: actionItemKey(action),
        UpdateExpression:
          'SET #status = :running, leaseId = :lease, leaseUntil = :until, attempts = attempts + :one, ' +
          'startedAt = if_not_exists(startedAt, :at), updatedAt = :at, gsi1pk = :gpk, gsi1sk = :gsk REMOVE deferredReason',
        ConditionExpression: '#status = :pending OR (#status = :running AND leaseUntil < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':pending': 'pending',
          ':lease': leaseId,
          ':until': leaseUntil,
          ':nowMs': now.getTime(),
          ':one': 1,
          ':at': now.toISOString(),
          ':gpk': held.gsi1pk,
          ':gsk': held.gsi1sk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (claimed) return { claimed: toAction(claimed) };
  // Refused, yet maybe ours: when DynamoDB's answer to the claim is lost (a timeout under load), the
  // SDK sends the claim again, and the first try, which landed, makes the condition refuse the
  // second. Taken for someone else, the attempt would drop its message and leave the action running
  // with no message left to end it. The action carries this attempt's lease if the claim landed.
  const current = await getAction(db, action);
  if (current?.status === 'running' && current.leaseId === leaseId) return { claimed: current };
  return { current };
}

/**
 * Runs a write that puts the action held by `leaseId` back to pending (a retry, a deferral), and
 * marks it released by that lease. False if the lease was lost (another attempt took the action
 * over), so that the caller sends no message for it. A refusal is also what the SDK's second try of
 * a write whose answer was lost gets: the mark tells that case, in which the write is done (true),
 * and the caller must send the message that brings the action back.
 */
async function releaseHeld(
  db: Db,
  action: ActionKey,
  leaseId: string,
  update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
): Promise<boolean> {
  if (await updateActionIfCurrent(db, { ...update, Key: actionItemKey(action) })) return true;
  return (await getAction(db, action))?.releasedLeaseId === leaseId;
}

/** running → pending again, to be retried at `notBefore`. False if the lease was lost. */
export function rescheduleAction(
  db: Db,
  action: ActionKey,
  leaseId: string,
  retry: { notBefore: Date; reason: string; error: string },
  now: Date,
): Promise<boolean> {
  return releaseHeld(db, action, leaseId, {
    UpdateExpression:
      // `retriedAfter` outlives a later success (which removes `reason` and `error`): why it took more than one attempt.
      'SET #status = :pending, notBefore = :nb, reason = :reason, retriedAfter = :reason, #error = :error, updatedAt = :at, releasedLeaseId = :lease ' +
      'REMOVE leaseId, leaseUntil, gsi1pk, gsi1sk',
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
  });
}

/**
 * running → pending until `notBefore` because of account safety (its send slot, working hours, a
 * quota): not a failure, so the attempt is given back. The slot reserved for it, if any, is kept
 * (and any earlier one dropped). False if the lease was lost.
 */
export async function deferAction(
  db: Db,
  action: ActionKey,
  leaseId: string,
  deferral: { notBefore: Date; reason: DeferredReason; slot?: Date },
  now: Date,
): Promise<boolean> {
  return releaseHeld(db, action, leaseId, {
    UpdateExpression:
      'SET #status = :pending, notBefore = :nb, deferredReason = :why, attempts = attempts - :one, updatedAt = :at, releasedLeaseId = :lease' +
      (deferral.slot
        ? ', slotAt = :slot REMOVE leaseId, leaseUntil, gsi1pk, gsi1sk'
        : ' REMOVE leaseId, leaseUntil, gsi1pk, gsi1sk, slotAt'),
    ConditionExpression: '#status = :running AND leaseId = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':running': 'running',
      ':lease': leaseId,
      ':nb': deferral.notBefore.toISOString(),
      ':why': deferral.reason,
      ':one': 1,
      ':at': now.toISOString(),
      ...(deferral.slot ? { ':slot': deferral.slot.toISOString() } : {}),
    },
  });
}

/** Marks an outboxed action as sent again at `now`, so the next sweep waits before resending it. */
export async function touchDispatch(db: Db, action: ActionKey, now: Date): Promise<void> {
  const index = keys.dispatchIndex(now.toISOString(), action.workspaceId, action.jobId, action.accountId);
  await updateActionIfCurrent(db, {
    Key: actionItemKey(action),
    UpdateExpression: 'SET gsi1sk = :gsk',
    ConditionExpression: 'gsi1pk = :gpk',
    ExpressionAttributeValues: { ':gpk': index.gsi1pk, ':gsk': index.gsi1sk },
  });
}

/**
 * Moves a held action's index entry to `now`, once a message was sent for it, so that the next
 * sweep leaves it until it has lapsed again; only while the same lease holds it (a new claim writes
 * an entry of its own).
 */
export async function touchLapsedLease(db: Db, action: Action, now: Date): Promise<void> {
  const held = keys.heldActionIndex(now.toISOString(), action.workspaceId, action.jobId, action.accountId);
  await updateActionIfCurrent(db, {
    Key: actionItemKey(action),
    UpdateExpression: 'SET gsi1sk = :gsk',
    ConditionExpression: 'gsi1pk = :gpk AND #status = :running AND leaseId = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':gpk': held.gsi1pk, ':gsk': held.gsi1sk, ':running': 'running', ':lease': action.leaseId },
  });
}
