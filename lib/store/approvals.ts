import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TextKind } from '../schemas/outreach-text';
import type { Action, ActionKey } from './actions';
import { getAction } from './actions';
import { endActionItems, resumeActionItem } from './action-ends';
import { backlogItem } from './account-backlogs';
import type { Db } from './client';
import type { TransactItem } from './transact';
import { cancellationCodes, transactWrite } from './transact';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import { queryAll } from './query-all';

export type ApprovalKind = 'comment' | 'dm' | 'post';

/** The kind of text each approval is about, with its limit (see `outreachTextSchema`). */
export const approvalTextKind: Readonly<Record<ApprovalKind, TextKind>> = { comment: 'comment', dm: 'message', post: 'post' };
export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';

/** A person's go-ahead asked for one action: who will send what, where. */
export interface Approval {
  workspaceId: string;
  approvalId: string;
  /** The secret of the approval link (`/approve/<token>`); only its hash is a key. */
  token: string;
  jobId: string;
  accountId: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  sender: { accountId: string; name: string; profileUrl: string };
  /** The post to comment on, the recipient's profile, or (a post) its author's own profile. */
  target: { url: string; name?: string };
  /** The text proposed, then the text decided on (possibly edited). */
  text: string;
  maxLength: number;
  createdAt: string;
  /** ISO 8601: undecided by then, the approval expires and its action ends `expired`. */
  validUntil: string;
  decidedAt?: string;
  /** Through the link's page or the API. */
  decidedVia?: 'link' | 'api' | 'expiry';
  /** What telling its person did, per channel and purpose, in order (`approval-notifications.ts`). */
  notifications?: NotificationSending[];
  /** TTL (epoch seconds): kept as long as its job. */
  expiresAt: number;
}

/** One sending of an approval's request or reminder on one channel, as the approval shows it. */
export interface NotificationSending {
  channel: 'email' | 'slack';
  purpose: 'request' | 'reminder';
  status: 'sent' | 'failed';
  at: string;
  /** Why it failed, for a person to read. */
  error?: string;
}

/** SHA-256 of a link token, the key it is found by. */
export function approvalTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An approval from its item (stored-entity.ts). */
export const toApproval = entityReader<Approval>()([
  'workspaceId',
  'approvalId',
  'token',
  'kind',
  'jobId',
  'accountId',
  'sender',
  'target',
  'text',
  'maxLength',
  'status',
  'validUntil',
  'notifications',
  'decidedAt',
  'decidedVia',
  'createdAt',
  'expiresAt',
]);

/**
 * Creates an action that waits for an approval, with the approval and its link, in one
 * transaction (with `also`: its event). A redelivered plan finds the action there and gets it back unchanged (no second
 * approval is made).
 */
export async function createActionAwaitingApproval(db: Db, action: Action, approval: Approval, also: TransactItem[] = []): Promise<Action> {
  try {
    // The action's Put first: its refusal (index 0) is what a redelivered plan meets.
    await transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: { ...keys.action(action.workspaceId, action.jobId, action.accountId), ...action },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.table,
          Item: {
            ...keys.approval(approval.workspaceId, approval.approvalId),
            ...keys.openApprovalIndex(approval.validUntil, approval.workspaceId, approval.approvalId),
            ...approval,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.table,
          Item: {
            ...keys.approvalToken(approvalTokenHash(approval.token)),
            workspaceId: approval.workspaceId,
            approvalId: approval.approvalId,
            expiresAt: approval.expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      backlogItem(db, action.workspaceId, action.accountId, 1),
      ...also,
    ]);
    return action;
  } catch (error) {
    if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    const existing = await getAction(db, action);
    if (!existing) throw error;
    return existing;
  }
}

export async function getApproval(db: Db, workspaceId: string, approvalId: string): Promise<Approval | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.approval(workspaceId, approvalId), ConsistentRead: true }),
  );
  return Item ? toApproval(Item) : undefined;
}

/** The approval a link's token opens, or undefined for an unknown token. */
export async function findApprovalByToken(db: Db, token: string): Promise<Approval | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.approvalToken(approvalTokenHash(token)), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const approval = await getApproval(db, String(Item.workspaceId), String(Item.approvalId));
  // Compare the whole token too: a hash collision must never open another approval.
  return approval && approval.token === token ? approval : undefined;
}

export type ApprovalOutcome = { status: 'approved'; text: string } | { status: 'rejected' | 'expired' };

function actionKeyOf(approval: Approval): ActionKey {
  return { workspaceId: approval.workspaceId, jobId: approval.jobId, accountId: approval.accountId };
}

/**
 * The transaction items that decide a pending approval, and its action with it: approved → the action is
 * pending again with the decided text; rejected or expired → the action ends so, counted in its
 * job. Refused when the approval was no longer pending (decided or expired meanwhile) — only one
 * decision ever takes effect. A decision other than expiry is refused once `validUntil` passed.
 */
export function decideApprovalItems(
  db: Db,
  approval: Approval,
  outcome: ApprovalOutcome,
  via: 'link' | 'api' | 'expiry',
  now: Date,
): TransactItem[] {
  const at = now.toISOString();
  const action = actionKeyOf(approval);
  const decision = approvalRef(approval, outcome.status);
  const actionItems =
    outcome.status === 'approved'
      ? [resumeActionItem(db, action, 'awaiting_approval', { text: outcome.text, approval: decision }, now)]
      : endActionItems(
          db,
          action,
          { awaiting: 'awaiting_approval' },
          outcome.status === 'rejected'
            ? {
                status: 'rejected',
                reason: 'approval_rejected',
                error: `The approval was rejected (${via === 'api' ? 'through the API' : 'on its page'}).`,
              }
            : { status: 'expired', reason: 'approval_expired', error: `Nobody approved the action before ${approval.validUntil}.` },
          now,
          // The action keeps a record of how its approval ended.
          { approval: decision },
        );
  const values: Record<string, unknown> = { ':decided': outcome.status, ':pending': 'pending', ':at': at, ':via': via };
  let condition = '#status = :pending';
  if (outcome.status !== 'expired') {
    condition += ' AND validUntil > :at';
  }
  let set = '#status = :decided, decidedAt = :at, decidedVia = :via';
  if (outcome.status === 'approved') {
    set += ', #text = :text';
    values[':text'] = outcome.text;
  }
  return [
    {
      Update: {
        TableName: db.table,
        Key: keys.approval(approval.workspaceId, approval.approvalId),
        UpdateExpression: `SET ${set} REMOVE gsi1pk, gsi1sk`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status', ...(outcome.status === 'approved' ? { '#text': 'text' } : {}) },
        ExpressionAttributeValues: values,
      },
    },
    ...actionItems,
  ];
}

/**
 * The transaction item that closes a pending approval whose action was cancelled (its job
 * cancelled, its account removed): nobody can decide it any more, and the expiry sweep leaves it.
 */
export function cancelApprovalItem(db: Db, action: Pick<Action, 'workspaceId'> & { approvalId: string }, now: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.approval(action.workspaceId, action.approvalId),
      UpdateExpression: 'SET #status = :cancelled, decidedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':cancelled': 'cancelled', ':pending': 'pending', ':at': now.toISOString() },
    },
  };
}

/** What an action keeps of its approval, for the job's view (no second read): link, time, and how it ended. */
export function approvalRef(approval: Approval, decision?: ApprovalOutcome['status']): NonNullable<Action['approval']> {
  return {
    approvalId: approval.approvalId,
    path: approvalPath(approval.token),
    validUntil: approval.validUntil,
    ...(decision ? { decision } : {}),
  };
}

/** The approval page's path for a token. */
export function approvalPath(token: string): string {
  return `/approve/${token}`;
}

/** Undecided approvals whose time ran out by `now`. */
export async function listOverdueApprovals(db: Db, now: Date): Promise<Approval[]> {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :now',
    ExpressionAttributeValues: { ':p': 'OPEN_APPROVALS', ':now': now.toISOString() },
  });
  return items.map(toApproval);
}
