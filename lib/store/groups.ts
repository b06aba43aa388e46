import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { batchGet } from './batch-get';
import { writeIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { entityReader } from './stored-entity';
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

/** Deletes a group; false when there was none of that name. */
export function deleteGroup(db: Db, workspaceId: string, name: string): Promise<boolean> {
  // Conditional: a group that does not exist is not written to at all.
  return writeIfConditionHolds(
    db.client.send(
      new DeleteCommand({ TableName: db.table, Key: keys.group(workspaceId, groupKey(name)), ConditionExpression: 'attribute_exists(pk)' }),
    ),
  );
}

/** One group by name (case-insensitive), read consistently: a change just made is seen. */
export async function getGroup(db: Db, workspaceId: string, name: string): Promise<Group | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.group(workspaceId, groupKey(name)), ConsistentRead: true }),
  );
  return Item ? toGroup(Item) : undefined;
}

/**
 * Creates the group with these members, or replaces the members of the one of that name (which
 * keeps its spelling and creation time), in one write; `created` says which it was.
 */
export async function putGroupMembers(
  db: Db,
  workspaceId: string,
  name: string,
  accountIds: string[],
  at: Date,
): Promise<{ group: Group; created: boolean }> {
  const members = [...new Set(accountIds)];
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.group(workspaceId, groupKey(name)),
      UpdateExpression:
        'SET workspaceId = :w, #name = if_not_exists(#name, :n), accountIds = :a, createdAt = if_not_exists(createdAt, :at)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':w': workspaceId, ':n': name.trim(), ':a': members, ':at': at.toISOString() },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = Attributes && toGroup(Attributes);
  return {
    group: { workspaceId, name: before?.name ?? name.trim(), accountIds: members, createdAt: before?.createdAt ?? at.toISOString() },
    created: before === undefined,
  };
}

/**
 * Replaces a group's members only while they are still `expected` (what the caller read), so two
 * changes at once never lose one another; false when the group changed or is gone meanwhile.
 */
export async function replaceGroupMembers(
  db: Db,
  workspaceId: string,
  name: string,
  expected: string[],
  accountIds: string[],
): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.group(workspaceId, groupKey(name)),
        UpdateExpression: 'SET accountIds = :a',
        ConditionExpression: 'accountIds = :expected',
        ExpressionAttributeValues: { ':a': [...new Set(accountIds)], ':expected': expected },
      }),
    ),
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

/** The distinct accounts of the named groups, in the order the groups name them (an account in two acts once). */
export async function groupMemberIds(db: Db, workspaceId: string, names: string[]): Promise<string[]> {
  const groups = await getGroups(db, workspaceId, names);
  return [...new Set(names.flatMap((name) => groups.get(groupKey(name))?.accountIds ?? []))];
}

const readGroup = entityReader<Group>()(['workspaceId', 'name', 'accountIds', 'createdAt']);

/** A group from its item (stored-entity.ts); one whose last member left may have no list. */
function toGroup(item: Record<string, unknown>): Group {
  const group = readGroup(item);
  return { ...group, accountIds: group.accountIds ?? [] };
}
