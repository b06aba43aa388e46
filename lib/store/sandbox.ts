import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normaliseProfileUrl, normalisePublicId, profilePublicId } from '../network/model/profile-url';
import type { Db } from './client';
import { writeIfConditionHolds, writtenIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { queryPrefix } from './query-all';
import { entityReader } from './stored-entity';

/** What the sandbox network recorded: one item per call that "reached" it. */
export interface SandboxAction {
  sandboxActionId: string;
  workspaceId: string;
  type: 'react' | 'comment' | 'invite' | 'message' | 'post';
  accountId: string;
  providerAccountId: string;
  /** The post URL (react, comment, post) or the person's normalised profile URL (invite, message). */
  target: string;
  details: Record<string, string>;
  at: string;
}

/** Every provider call the sandbox answers, as rules name them. */
export const sandboxCalls = ['react', 'comment', 'get_profile', 'invite', 'message', 'list_relations', 'post'] as const;
export type SandboxCall = (typeof sandboxCalls)[number];

/** A failure the sandbox is told to produce, for tests and demos. */
export interface SandboxRule {
  ruleId: string;
  workspaceId: string;
  /** Every field given must match the call; an empty match fails every call. */
  match: {
    action?: SandboxCall;
    /** The post's id (react, comment). */
    postId?: string;
    /** The person's public id, the `/in/<id>` part (get_profile, invite, message). */
    profile?: string;
    providerAccountId?: string;
  };
  /** Reason `email_required` fails an invitation only when it carries no email. */
  failure: { status: number; reason: string; retryAfterSeconds?: number };
  /** How many more calls it fails; absent = every call. */
  remaining?: number;
  createdAt: string;
}

/**
 * Where one acting login stands with one person on the simulated network. Connected when
 * `connectedAt` is set; an invitation is pending when only `invitedAt` is.
 */
export interface SandboxRelation {
  workspaceId: string;
  providerAccountId: string;
  /** The person's public id (`/in/<id>`), lowercase as `normaliseProfileUrl` makes it. */
  publicId: string;
  invitedAt?: string;
  invitationId?: string;
  /** The invitation's note and email, as sent. */
  note?: string;
  email?: string;
  connectedAt?: string;
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
  return queryPrefix(db, keys.sandboxPartition(workspaceId), prefix);
}

/** A recorded action from its item (stored-entity.ts). */
const toSandboxAction = entityReader<SandboxAction>()([
  'sandboxActionId',
  'workspaceId',
  'type',
  'accountId',
  'providerAccountId',
  'target',
  'details',
  'at',
]);

/** A rule from its item (stored-entity.ts). */
const toSandboxRule = entityReader<SandboxRule>()(['ruleId', 'workspaceId', 'match', 'failure', 'remaining', 'createdAt']);

/** A relation from its item (stored-entity.ts). */
const toSandboxRelation = entityReader<SandboxRelation>()([
  'workspaceId',
  'providerAccountId',
  'publicId',
  'invitedAt',
  'invitationId',
  'note',
  'email',
  'connectedAt',
]);

/** Recorded actions, oldest first. */
export async function listSandboxActions(db: Db, workspaceId: string): Promise<SandboxAction[]> {
  return (await sandboxItems(db, workspaceId, 'ACTION#')).map(toSandboxAction);
}

export async function putSandboxRule(db: Db, rule: SandboxRule): Promise<void> {
  await db.client.send(
    new PutCommand({ TableName: db.table, Item: { pk: keys.sandboxPartition(rule.workspaceId), sk: `RULE#${rule.ruleId}`, ...rule } }),
  );
}

/** Rules, oldest first (rule ids are time-ordered). */
export async function listSandboxRules(db: Db, workspaceId: string): Promise<SandboxRule[]> {
  return (await sandboxItems(db, workspaceId, 'RULE#')).map(toSandboxRule);
}

export async function deleteSandboxRule(db: Db, workspaceId: string, ruleId: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: { pk: keys.sandboxPartition(workspaceId), sk: `RULE#${ruleId}` } }));
}

/** Uses up one failure of a counted rule; false when it has none left (the call then succeeds). */
export async function consumeSandboxRule(db: Db, rule: SandboxRule): Promise<boolean> {
  if (rule.remaining === undefined) return true;
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: keys.sandboxPartition(rule.workspaceId), sk: `RULE#${rule.ruleId}` },
        UpdateExpression: 'SET remaining = remaining - :one',
        ConditionExpression: 'remaining > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      }),
    ),
  );
}

/**
 * The public id of a person given by profile URL (any accepted variant) or by the public id itself
 * (any case). Throws when it is neither, so a typo in a test or the admin CLI is not silently a stranger.
 */
export function sandboxPublicId(profileUrlOrPublicId: string): string {
  const url = normaliseProfileUrl(profileUrlOrPublicId);
  const publicId = url === undefined ? normalisePublicId(profileUrlOrPublicId) : profilePublicId(url);
  if (publicId === undefined) throw new Error(`not a profile URL or public id of the network: ${JSON.stringify(profileUrlOrPublicId)}`);
  return publicId;
}

function relationKey(workspaceId: string, providerAccountId: string, publicId: string) {
  return { pk: keys.sandboxPartition(workspaceId), sk: `RELATION#${providerAccountId}#${publicId}` };
}

export async function getSandboxRelation(
  db: Db,
  workspaceId: string,
  providerAccountId: string,
  publicId: string,
): Promise<SandboxRelation | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: relationKey(workspaceId, providerAccountId, publicId), ConsistentRead: true }),
  );
  return Item ? toSandboxRelation(Item) : undefined;
}

/** The workspace's relations, of one acting login when `providerAccountId` is given. */
export async function listSandboxRelations(db: Db, workspaceId: string, providerAccountId?: string): Promise<SandboxRelation[]> {
  const prefix = providerAccountId === undefined ? 'RELATION#' : `RELATION#${providerAccountId}#`;
  const relations = (await sandboxItems(db, workspaceId, prefix)).map(toSandboxRelation);
  // A login id may itself contain `#`: the prefix alone could take in another login's relations.
  return providerAccountId === undefined ? relations : relations.filter((relation) => relation.providerAccountId === providerAccountId);
}

/**
 * Records a sent invitation. False, writing nothing, when the person is already connected or
 * already invited by that login (a concurrent call won): the caller reads the relation again.
 */
export async function putSandboxInvitation(
  db: Db,
  invitation: SandboxRelation & { invitedAt: string; invitationId: string },
): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...relationKey(invitation.workspaceId, invitation.providerAccountId, invitation.publicId), ...invitation },
        ConditionExpression: 'attribute_not_exists(connectedAt) AND attribute_not_exists(invitedAt)',
      }),
    ),
  );
}

/**
 * Turns a pending invitation into a connection made at `connectedAt`. The relation as stored after,
 * or undefined when there was no pending invitation any more (accepted meanwhile, or never sent).
 */
export async function markSandboxInvitationAccepted(
  db: Db,
  relation: Pick<SandboxRelation, 'workspaceId' | 'providerAccountId' | 'publicId'>,
  connectedAt: string,
): Promise<SandboxRelation | undefined> {
  const accepted = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: relationKey(relation.workspaceId, relation.providerAccountId, relation.publicId),
        UpdateExpression: 'SET connectedAt = :at',
        ConditionExpression: 'attribute_exists(invitedAt) AND attribute_not_exists(connectedAt)',
        ExpressionAttributeValues: { ':at': connectedAt },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return accepted && toSandboxRelation(accepted);
}

/**
 * The person accepts the pending invitations the workspace's logins sent them (only that of
 * `options.providerAccountId` when given), at `options.now` (default: now). Returns the relations it
 * turned into connections; none when nothing was pending.
 */
export async function acceptSandboxInvitations(
  db: Db,
  workspaceId: string,
  profileUrlOrPublicId: string,
  options: { providerAccountId?: string; now?: Date } = {},
): Promise<SandboxRelation[]> {
  const publicId = sandboxPublicId(profileUrlOrPublicId);
  const connectedAt = (options.now ?? new Date()).toISOString();
  const pending = (await listSandboxRelations(db, workspaceId, options.providerAccountId)).filter(
    (relation) => relation.publicId === publicId && relation.invitedAt !== undefined && relation.connectedAt === undefined,
  );
  const accepted: SandboxRelation[] = [];
  for (const relation of pending) {
    const done = await markSandboxInvitationAccepted(db, relation, connectedAt);
    if (done) accepted.push(done);
  }
  return accepted;
}

/**
 * Makes a login and a person connected at `now` without any invitation, as if they had been for a
 * while (for "message someone already connected"). A relation already connected keeps its date.
 */
export async function connectSandboxProfiles(
  db: Db,
  workspaceId: string,
  providerAccountId: string,
  profileUrlOrPublicId: string,
  now: Date = new Date(),
): Promise<SandboxRelation> {
  const publicId = sandboxPublicId(profileUrlOrPublicId);
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: relationKey(workspaceId, providerAccountId, publicId),
      UpdateExpression:
        'SET workspaceId = :ws, providerAccountId = :login, publicId = :person, connectedAt = if_not_exists(connectedAt, :at)',
      ExpressionAttributeValues: { ':ws': workspaceId, ':login': providerAccountId, ':person': publicId, ':at': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toSandboxRelation(Attributes ?? {});
}
