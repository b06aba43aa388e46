import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backlogItem } from './account-backlogs';
import { batchGet } from './batch-get';
import type { Db } from './client';
import { isConditionFailed, transactIfCurrent, writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import { HELD_ACTIONS, keys, withoutKeys } from './keys';
import { queryAll, queryPrefixPage } from './query-all';
import type { TransactItem } from './transact';
import { transactWrite } from './transact';
import type { DeferredReason } from '../errors';

export type ActionStatus =
  'pending' | 'running' | 'awaiting_approval' | 'awaiting_connection' | 'succeeded' | 'failed' | 'rejected' | 'expired' | 'cancelled';

/** Statuses an action ends in; each has a counter of the same name on its job. */
export const finalActionStatuses = ['succeeded', 'failed', 'rejected', 'expired', 'cancelled'] as const;
export type FinalActionStatus = (typeof finalActionStatuses)[number];

/** Statuses in which an action waits for something outside the service. */
export type AwaitingStatus = 'awaiting_approval' | 'awaiting_connection';

/** The person an action invites or messages, as the provider resolved them. */
export interface ActionTarget {
  providerId: string;
  publicIdentifier: string;
  profileUrl: string;
  name?: string;
}

/** One account's part of a job: one provider call (or a short sequence, for a DM), retried until it ends. */
export interface Action {
  workspaceId: string;
  jobId: string;
  accountId: string;
  /** Copied from the account when planned, so the job reads well even if the account changes. */
  accountName?: string;
  profileUrl?: string;
  status: ActionStatus;
  attempts: number;
  /** The reason of the last attempt that failed and was retried; kept once the action succeeds. */
  retriedAfter?: string;
  /** Not to run before this time (pacing, retry backoff, safety deferral). ISO 8601. */
  notBefore: string;
  /** Set while a pending action waits for its send slot, working hours or a new quota period. */
  deferredReason?: DeferredReason;
  /** The account's send slot reserved for it (ISO 8601), when it was deferred to one: it runs in it. */
  slotAt?: string;
  /** Who holds the action while it runs, and until when (epoch ms): duplicates wait or drop. */
  leaseId?: string;
  leaseUntil?: number;
  /**
   * The lease of the attempt that last put the action back to pending (a retry, a deferral): that
   * attempt's write, sent again by the SDK after its answer was lost, finds it there (see `releaseHeld`).
   */
  releasedLeaseId?: string;
  /** The approval this action waited or waits for (comment by an `ask` account, DM with approval). */
  approval?: { approvalId: string; path: string; validUntil: string; decision?: 'approved' | 'rejected' | 'expired' };
  /** The text as approved (possibly edited); the job's text otherwise. */
  text?: string;
  /** DM: the recipient, once resolved. */
  target?: ActionTarget;
  /**
   * DM: when the invitation was sent (by this action, or by an earlier job of the workspace's that
   * this one found pending; absent when the time is unknown) and until when the DM waits for its acceptance.
   */
  invitedAt?: string;
  awaitingUntil?: string;
  /** DM: when the acceptance was seen; the message is then sent without asking the relation again. */
  connectedAt?: string;
  /** DM: what saw the acceptance first. */
  acceptanceSeenBy?: 'webhook' | 'watch';
  provider?: string;
  outcome?: string;
  details?: Record<string, string>;
  /**
   * Machine-readable reason of the failure the action ended with, or, while it is pending again, of
   * the attempt it is retried after (the provider's, or ours). A success removes it.
   */
  reason?: string;
  /** Human-readable message of that failure. */
  error?: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: number;
}

export type ActionKey = Pick<Action, 'workspaceId' | 'jobId' | 'accountId'>;

const key = (action: ActionKey) => keys.action(action.workspaceId, action.jobId, action.accountId);

/**
 * Creates the action unless it exists (a redelivered job message), counted in its account's backlog
 * in the same transaction; returns the stored one.
 */
export async function createActionOnce(db: Db, action: Action): Promise<Action> {
  try {
    await transactWrite(db, [
      { Put: { TableName: db.table, Item: { ...key(action), ...action }, ConditionExpression: 'attribute_not_exists(pk)' } },
      backlogItem(db, action.workspaceId, action.accountId, 1),
    ]);
    return action;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const existing = await getAction(db, action);
    if (!existing) throw error;
    return existing;
  }
}

/** Actions written in one transaction by `createActionsOnce`: with each its backlog's update, 100 items, DynamoDB's most. */
const ACTIONS_PER_TRANSACTION = 50;

/**
 * Creates many actions as `createActionOnce` does, 50 to a transaction (each with its account's
 * backlog): a part of a big job is made in ten writes, not five hundred. A transaction one of whose
 * actions exists already (a redelivered plan) writes nothing; its actions are then made one by one,
 * each found or created. The actions as stored, in order.
 */
export async function createActionsOnce(db: Db, actions: Action[]): Promise<Action[]> {
  const stored: Action[] = [];
  for (let i = 0; i < actions.length; i += ACTIONS_PER_TRANSACTION) {
    const chunk = actions.slice(i, i + ACTIONS_PER_TRANSACTION);
    try {
      await transactWrite(
        db,
        chunk.flatMap((action) => [
          { Put: { TableName: db.table, Item: { ...key(action), ...action }, ConditionExpression: 'attribute_not_exists(pk)' } },
          backlogItem(db, action.workspaceId, action.accountId, 1),
        ]),
      );
      stored.push(...chunk);
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      stored.push(...(await Promise.all(chunk.map((action) => createActionOnce(db, action)))));
    }
  }
  return stored;
}

/** Which of these accounts have an action in the job already. */
export async function existingActionAccounts(db: Db, workspaceId: string, jobId: string, accountIds: string[]): Promise<Set<string>> {
  const found = await batchGet(
    db,
    accountIds.map((accountId) => keys.action(workspaceId, jobId, accountId)),
    (item) => String(item.accountId),
  );
  return new Set(found);
}

export async function getAction(db: Db, action: ActionKey): Promise<Action | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key(action), ConsistentRead: true }));
  return Item ? toAction(Item) : undefined;
}

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
        Key: key(action),
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
  if (await updateIfCurrent(db, { ...update, Key: key(action) })) return true;
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

export type ActionEnd =
  | { status: 'succeeded'; provider: string; outcome: string; details?: Record<string, string> }
  | { status: 'failed' | 'rejected' | 'expired' | 'cancelled'; provider?: string; reason: string; error: string };

/**
 * Where an action is ended from: the running attempt holding `leaseId`, a wait, or (to cancel it)
 * any state in which no attempt holds it: pending (deferred too) or waiting.
 */
export type EndFrom = { leaseId: string } | { awaiting: AwaitingStatus } | { notHeld: true };

/** Names and values of `SET #f0 = :f0, ...` for the given fields. */
function setFields(fields: Record<string, unknown>, names: Record<string, string>, values: Record<string, unknown>): string[] {
  return Object.entries(fields).map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    return `#f${index} = :f${index}`;
  });
}

function fromCondition(from: EndFrom, values: Record<string, unknown>): string {
  if ('leaseId' in from) {
    values[':running'] = 'running';
    values[':lease'] = from.leaseId;
    return '#status = :running AND leaseId = :lease';
  }
  if ('awaiting' in from) {
    values[':from'] = from.awaiting;
    return '#status = :from';
  }
  values[':pending'] = 'pending';
  values[':awaitingApproval'] = 'awaiting_approval';
  values[':awaitingConnection'] = 'awaiting_connection';
  return '#status IN (:pending, :awaitingApproval, :awaitingConnection)';
}

/**
 * The transaction items that end the action and count it in its job (and out of its account's
 * backlog), for callers that add items of their own (an approval's decision). Removes the action
 * from every index.
 */
export function endActionItems(
  db: Db,
  action: ActionKey,
  from: EndFrom,
  end: ActionEnd,
  now: Date,
  also: Record<string, unknown> = {},
): TransactItem[] {
  const at = now.toISOString();
  const fields: Record<string, unknown> = {
    ...also,
    ...(end.status === 'succeeded'
      ? { provider: end.provider, outcome: end.outcome, details: end.details ?? {} }
      : { reason: end.reason, error: end.error, ...(end.provider ? { provider: end.provider } : {}) }),
  };
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':end': end.status, ':at': at };
  const sets = ['#status = :end', 'finishedAt = :at', 'updatedAt = :at', ...setFields(fields, names, values)];
  const removed = ['leaseId', 'leaseUntil', 'gsi1pk', 'gsi1sk', 'deferredReason', 'slotAt'];
  if (end.status === 'succeeded') {
    // `reason` and `error` describe how the action ended: a failed attempt retried before its
    // success is not that (its count stays in `attempts`).
    names['#error'] = 'error';
    removed.push('reason', '#error');
  }
  return [
    {
      Update: {
        TableName: db.table,
        Key: key(action),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE ${removed.join(', ')}`,
        ConditionExpression: fromCondition(from, values),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: keys.job(action.workspaceId, action.jobId),
        UpdateExpression: 'ADD #counter :one, remaining :minusOne SET updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#counter': end.status },
        ExpressionAttributeValues: { ':one': 1, ':minusOne': -1, ':at': at },
      },
    },
    backlogItem(db, action.workspaceId, action.accountId, -1),
  ];
}

/**
 * Ends the action and counts it in its job, atomically (one transaction), so a crash can never
 * leave a job whose counters disagree with its actions. False if the lease was lost (or the wait
 * already ended).
 */
export function endAction(db: Db, action: ActionKey, from: EndFrom, end: ActionEnd, now: Date): Promise<boolean> {
  return transactIfCurrent(db, endActionItems(db, action, from, end, now));
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

/**
 * running → awaiting_connection: a DM's invitation is out (or was already), and the message waits
 * for the person to accept, until `until`. Indexed for the webhook and the connection watch.
 */
export async function awaitConnection(
  db: Db,
  action: ActionKey & { providerAccountId: string },
  leaseId: string,
  wait: { target: ActionTarget; invitedAt?: Date; until: Date; provider: string; details?: Record<string, string> },
  now: Date,
): Promise<boolean> {
  const index = keys.awaitingConnectionIndex(
    action.providerAccountId,
    wait.target.publicIdentifier,
    action.workspaceId,
    action.jobId,
    action.accountId,
  );
  return updateIfCurrent(db, {
    Key: key(action),
    UpdateExpression:
      `SET #status = :awaiting, target = :target, ${wait.invitedAt ? 'invitedAt = :invitedAt, ' : ''}awaitingUntil = :until, provider = :provider, ` +
      'details = :details, gsi1pk = :gpk, gsi1sk = :gsk, updatedAt = :at REMOVE leaseId, leaseUntil, reason, #error',
    ConditionExpression: '#status = :running AND leaseId = :lease',
    ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
    ExpressionAttributeValues: {
      ':awaiting': 'awaiting_connection',
      ':running': 'running',
      ':lease': leaseId,
      ':target': wait.target,
      ...(wait.invitedAt ? { ':invitedAt': wait.invitedAt.toISOString() } : {}),
      ':until': wait.until.toISOString(),
      ':provider': wait.provider,
      ':details': wait.details ?? {},
      ':gpk': index.gsi1pk,
      ':gsk': index.gsi1sk,
      ':at': now.toISOString(),
    },
  });
}

/**
 * The transaction item that takes an action out of a wait and makes it pending now, with `set`
 * (the approved text, the time of the acceptance), and puts it in the dispatch outbox until a
 * worker claims it.
 */
export function resumeActionItem(db: Db, action: ActionKey, from: AwaitingStatus, set: Record<string, unknown>, now: Date): TransactItem {
  const at = now.toISOString();
  const index = keys.dispatchIndex(at, action.workspaceId, action.jobId, action.accountId);
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':pending': 'pending', ':from': from, ':at': at, ':gpk': index.gsi1pk, ':gsk': index.gsi1sk };
  const sets = [
    '#status = :pending',
    'notBefore = :at',
    'updatedAt = :at',
    'gsi1pk = :gpk',
    'gsi1sk = :gsk',
    ...setFields(set, names, values),
  ];
  return {
    Update: {
      TableName: db.table,
      Key: key(action),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Marks an outboxed action as sent again at `now`, so the next sweep waits before resending it. */
export async function touchDispatch(db: Db, action: ActionKey, now: Date): Promise<void> {
  const index = keys.dispatchIndex(now.toISOString(), action.workspaceId, action.jobId, action.accountId);
  await updateIfCurrent(db, {
    Key: key(action),
    UpdateExpression: 'SET gsi1sk = :gsk',
    ConditionExpression: 'gsi1pk = :gpk',
    ExpressionAttributeValues: { ':gpk': index.gsi1pk, ':gsk': index.gsi1sk },
  });
}

function updateIfCurrent(db: Db, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
  return writeIfConditionHolds(db.client.send(new UpdateCommand({ ...update, TableName: db.table })));
}

/**
 * Actions waiting for an invitation to be accepted: all of them, those of one acting login, or
 * those of one login for one person (by public identifier).
 */
export async function listAwaitingConnections(db: Db, filter: { providerAccountId?: string; publicId?: string } = {}): Promise<Action[]> {
  const prefix =
    filter.providerAccountId === undefined
      ? ''
      : `${filter.providerAccountId}#${filter.publicId === undefined ? '' : `${filter.publicId}#`}`;
  // DynamoDB refuses an empty key value, even in begins_with: no prefix, no sort-key condition.
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: prefix ? 'gsi1pk = :p AND begins_with(gsi1sk, :s)' : 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'AWAITING_CONNECTION', ...(prefix ? { ':s': prefix } : {}) },
  });
  return items.map(toAction);
}

/** Actions made pending outside the planner and not claimed since `before` (their enqueue may have been lost). */
export async function listUndispatched(db: Db, before: Date): Promise<Action[]> {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
    ExpressionAttributeValues: { ':p': 'DISPATCH', ':before': before.toISOString() },
  });
  return items.map(toAction);
}

/**
 * Actions still held by an attempt whose lease ended before `before` (or that were last re-driven
 * then): at most `limit`, those whose lease ended first.
 */
export async function listLapsedLeases(db: Db, before: Date, limit: number): Promise<Action[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
      ExpressionAttributeValues: { ':p': HELD_ACTIONS, ':before': before.toISOString() },
      Limit: limit,
    }),
  );
  return Items.map(toAction);
}

/**
 * Moves a held action's index entry to `now`, once a message was sent for it, so that the next
 * sweep leaves it until it has lapsed again; only while the same lease holds it (a new claim writes
 * an entry of its own).
 */
export async function touchLapsedLease(db: Db, action: Action, now: Date): Promise<void> {
  const held = keys.heldActionIndex(now.toISOString(), action.workspaceId, action.jobId, action.accountId);
  await updateIfCurrent(db, {
    Key: key(action),
    UpdateExpression: 'SET gsi1sk = :gsk',
    ConditionExpression: 'gsi1pk = :gpk AND #status = :running AND leaseId = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':gpk': held.gsi1pk, ':gsk': held.gsi1sk, ':running': 'running', ':lease': action.leaseId },
  });
}

/** A job's actions (they share its key prefix). */
/** A page of a job's actions by account id, after `afterAccountId`; `next` while more may follow. */
export async function listJobActionsPage(
  db: Db,
  workspaceId: string,
  jobId: string,
  limit: number,
  afterAccountId?: string,
): Promise<{ actions: Action[]; next?: string }> {
  const { pk, sk } = keys.action(workspaceId, jobId, '');
  const startKey = afterAccountId === undefined ? undefined : keys.action(workspaceId, jobId, afterAccountId);
  const { items, more } = await queryPrefixPage(db, pk, sk, limit, startKey);
  const actions = items.map(toAction);
  return { actions, next: more ? actions.at(-1)?.accountId : undefined };
}

export function toAction(item: Record<string, unknown>): Action {
  return withoutKeys(item) as unknown as Action;
}
