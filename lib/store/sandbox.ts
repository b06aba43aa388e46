import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { isConditionFailed } from './condition-failed';
import { keys } from './keys';
import { queryPrefix } from './query-all';

/** What the sandbox network recorded: one item per call that "reached" it. */
export interface SandboxAction {
  sandboxActionId: string;
  workspaceId: string;
  type: 'react';
  accountId: string;
  providerAccountId: string;
  target: string;
  details: Record<string, string>;
  at: string;
}

/** A failure the sandbox is told to produce, for tests and demos. */
export interface SandboxRule {
  ruleId: string;
  workspaceId: string;
  match: { action?: 'react'; postId?: string; providerAccountId?: string };
  failure: { status: number; reason: string; retryAfterSeconds?: number };
  /** How many more calls it fails; absent = every call. */
  remaining?: number;
  createdAt: string;
}

export async function recordSandboxAction(db: Db, action: SandboxAction): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: { pk: keys.sandboxPartition(action.workspaceId), sk: `ACTION#${action.sandboxActionId}`, ...action },
    }),
  );
}

async function sandboxItems(db: Db, workspaceId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items = await queryPrefix(db, keys.sandboxPartition(workspaceId), prefix);
  return items.map(({ pk: _pk, sk: _sk, ...rest }) => rest);
}

/** Recorded actions, oldest first. */
export async function listSandboxActions(db: Db, workspaceId: string): Promise<SandboxAction[]> {
  return (await sandboxItems(db, workspaceId, 'ACTION#')) as unknown as SandboxAction[];
}

export async function putSandboxRule(db: Db, rule: SandboxRule): Promise<void> {
  await db.client.send(
    new PutCommand({ TableName: db.table, Item: { pk: keys.sandboxPartition(rule.workspaceId), sk: `RULE#${rule.ruleId}`, ...rule } }),
  );
}

export async function listSandboxRules(db: Db, workspaceId: string): Promise<SandboxRule[]> {
  return (await sandboxItems(db, workspaceId, 'RULE#')) as unknown as SandboxRule[];
}

export async function deleteSandboxRule(db: Db, workspaceId: string, ruleId: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: { pk: keys.sandboxPartition(workspaceId), sk: `RULE#${ruleId}` } }));
}

/** Uses up one failure of a counted rule; false when it has none left (the call then succeeds). */
export async function consumeSandboxRule(db: Db, rule: SandboxRule): Promise<boolean> {
  if (rule.remaining === undefined) return true;
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: keys.sandboxPartition(rule.workspaceId), sk: `RULE#${rule.ruleId}` },
        UpdateExpression: 'SET remaining = remaining - :one',
        ConditionExpression: 'remaining > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
