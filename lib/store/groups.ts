import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { batchGet } from './batch-get';
import { writeIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { queryPrefix } from './query-all';

/** A named set of the workspace's accounts. Names match case-insensitively (`Sales` = `sales`). */
export interface Group {
  workspaceId: string;
  name: string;
  accountIds: string[];
  createdAt: string;
}

/** The key a group name is stored under: trimmed and lower-cased. */
export function groupKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Creates a group; false when one of that name exists. */
export async function createGroup(db: Db, workspaceId: string, name: string, at: Date): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.group(workspaceId, groupKey(name)), workspaceId, name: name.trim(), accountIds: [], createdAt: at.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function deleteGroup(db: Db, workspaceId: string, name: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: keys.group(workspaceId, groupKey(name)) }));
}

/** Replaces a group's members; throws ConditionalCheckFailedException when the group does not exist. */
export async function setGroupMembers(db: Db, workspaceId: string, name: string, accountIds: string[]): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.group(workspaceId, groupKey(name)),
      UpdateExpression: 'SET accountIds = :a',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':a': [...new Set(accountIds)] },
    }),
  );
}

export async function listGroups(db: Db, workspaceId: string): Promise<Group[]> {
  return (await queryPrefix(db, keys.group(workspaceId, '').pk, 'GROUP#')).map(toGroup);
}

/** Reads groups by name; the result maps each found group's key (see `groupKey`) to it. */
export async function getGroups(db: Db, workspaceId: string, names: string[]): Promise<Map<string, Group>> {
  const unique = [...new Set(names.map(groupKey))];
  const groups = await batchGet(
    db,
    unique.map((key) => keys.group(workspaceId, key)),
    toGroup,
  );
  return new Map(groups.map((group) => [groupKey(group.name), group]));
}

function toGroup(item: Record<string, unknown>): Group {
  return {
    workspaceId: item.workspaceId as string,
    name: item.name as string,
    accountIds: (item.accountIds as string[]) ?? [],
    createdAt: item.createdAt as string,
  };
}
