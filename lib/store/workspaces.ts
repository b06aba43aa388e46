import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DailyLimits, Spacing, WorkingHours } from './accounts';
import type { Db } from './client';
import { writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import { queryIndex } from './query-all';

export interface WorkspaceSettings {
  /** Actions of one job are spread at random over this many seconds (pacing). */
  pacingWindowSeconds?: number;
  /** Overrides of the default account-safety limits for every account of the workspace (an account's own win). */
  limits?: { daily?: DailyLimits; weeklyInvitations?: number };
  /** Gaps between network touches of every account of the workspace (an account's own win). */
  spacing?: Spacing;
  /** Default working hours of the workspace's accounts (see `effectiveLimits` for precedence). */
  workingHours?: WorkingHours;
  /** Overrides APPROVAL_EXPIRY_SECONDS for this workspace. */
  approvalExpirySeconds?: number;
  /** Overrides CONNECTION_EXPIRY_SECONDS for this workspace. */
  connectionExpirySeconds?: number;
  /** Email domains of the workspace's own people: transcript speakers there are `internal`, others `external`. */
  emailDomains?: string[];
  /** A Slack incoming webhook that approval requests are also posted to. */
  slackWebhookUrl?: string;
}

export interface Workspace {
  workspaceId: string;
  name: string;
  settings: WorkspaceSettings;
  createdAt: string;
}

/** Creates a workspace; false when the id is taken. */
export async function createWorkspace(db: Db, workspace: Workspace): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...keys.workspace(workspace.workspaceId), ...keys.workspaceIndex(workspace.workspaceId), ...workspace },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getWorkspace(db: Db, workspaceId: string): Promise<Workspace | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.workspace(workspaceId) }));
  return Item ? toWorkspace(Item) : undefined;
}

export async function listWorkspaces(db: Db): Promise<Workspace[]> {
  return (await queryIndex(db, keys.workspaceIndex('').gsi1pk)).map(toWorkspace);
}

/** Merges settings into a workspace's; undefined values remove a setting (back to the default). */
export async function updateWorkspaceSettings(db: Db, workspaceId: string, settings: WorkspaceSettings): Promise<Workspace> {
  const current = await getWorkspace(db, workspaceId);
  if (!current) throw new Error(`workspace ${workspaceId} does not exist`);
  const merged: WorkspaceSettings = { ...current.settings, ...settings };
  for (const [key, value] of Object.entries(merged)) {
    // Object.entries widens its keys to string; each one is a key of `merged`.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    if (value === undefined) delete merged[key as keyof WorkspaceSettings];
  }
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.workspace(workspaceId),
      UpdateExpression: 'SET settings = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': merged },
    }),
  );
  return { ...current, settings: merged };
}

/**
 * Sets one setting of a workspace (undefined removes it: back to the default) in one write, leaving
 * the others as they are; the workspace as it now is, or undefined when there is none.
 */
export async function setWorkspaceSetting<K extends keyof WorkspaceSettings>(
  db: Db,
  workspaceId: string,
  name: K,
  value: WorkspaceSettings[K] | undefined,
): Promise<Workspace | undefined> {
  const item = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.workspace(workspaceId),
        UpdateExpression: value === undefined ? 'REMOVE settings.#name' : 'SET settings.#name = :value',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': name },
        ...(value === undefined ? {} : { ExpressionAttributeValues: { ':value': value } }),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return item && toWorkspace(item);
}

const readWorkspace = entityReader<Workspace>()(['workspaceId', 'name', 'settings', 'createdAt']);

/** A workspace from its item (stored-entity.ts); one made before settings existed has none. */
function toWorkspace(item: Record<string, unknown>): Workspace {
  const workspace = readWorkspace(item);
  return { ...workspace, settings: workspace.settings ?? {} };
}
