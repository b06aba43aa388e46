import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { backlogItem } from './account-backlogs';
import { batchGet } from './batch-get';
import type { Db } from './client';
import { isConditionFailed, writeIfConditionHolds } from './condition-failed';
import { HELD_ACTIONS, keys } from './keys';
import { queryAll, queryPrefixPage } from './query-all';
import { entityReader } from './stored-entity';
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

/** The action's item key. */
export const actionItemKey = (action: ActionKey) => keys.action(action.workspaceId, action.jobId, action.accountId);

/**
 * Creates the action unless it exists (a redelivered job message), counted in its account's backlog
 * in the same transaction; returns the stored one.
 */
export async function createActionOnce(db: Db, action: Action): Promise<Action> {
  try {
    await transactWrite(db, [
      { Put: { TableName: db.table, Item: { ...actionItemKey(action), ...action }, ConditionExpression: 'attribute_not_exists(pk)' } },
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
          { Put: { TableName: db.table, Item: { ...actionItemKey(action), ...action }, ConditionExpression: 'attribute_not_exists(pk)' } },
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
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: actionItemKey(action), ConsistentRead: true }));
  return Item ? toAction(Item) : undefined;
}

export type ActionEnd =
  | { status: 'succeeded'; provider: string; outcome: string; details?: Record<string, string> }
  | { status: 'failed' | 'rejected' | 'expired' | 'cancelled'; provider?: string; reason: string; error: string };

/**
 * Where an action is ended from: the running attempt holding `leaseId`, a wait, or (to cancel it)
 * any state in which no attempt holds it: pending (deferred too) or waiting.
 */
export type EndFrom = { leaseId: string } | { awaiting: AwaitingStatus } | { notHeld: true };

/** An update of the action that is made only if its condition holds; false if it did not. */
export function updateActionIfCurrent(db: Db, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
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

/** An action from its item (stored-entity.ts). */
export const toAction = entityReader<Action>()([
  'workspaceId',
  'jobId',
  'accountId',
  'accountName',
  'provider',
  'profileUrl',
  'target',
  'text',
  'status',
  'attempts',
  'retriedAfter',
  'deferredReason',
  'approval',
  'invitedAt',
  'connectedAt',
  'acceptanceSeenBy',
  'awaitingUntil',
  'notBefore',
  'slotAt',
  'leaseId',
  'leaseUntil',
  'releasedLeaseId',
  'startedAt',
  'finishedAt',
  'outcome',
  'details',
  'reason',
  'error',
  'createdAt',
  'updatedAt',
  'expiresAt',
]);
