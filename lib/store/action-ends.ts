/** The writes that end an action's running or waiting: its end (and its job's counts), a wait for an acceptance, a resumption. */
import { backlogItem } from './account-backlogs';
import type { Db } from './client';
import { transactIfCurrent } from './condition-failed';
import { keys } from './keys';
import type { TransactItem } from './transact';
import type { ActionEnd, ActionKey, ActionTarget, AwaitingStatus, EndFrom } from './actions';
import { actionItemKey, updateActionIfCurrent } from './actions';

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
        Key: actionItemKey(action),
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
  return updateActionIfCurrent(db, {
    Key: actionItemKey(action),
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
      Key: actionItemKey(action),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
