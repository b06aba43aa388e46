import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { epochSeconds, keys } from './keys';
import { entityReader } from './stored-entity';
import { queryAll } from './query-all';
import type { TransactItem } from './transact';

/** How long a lead is remembered after it last changed (a reply months later is still theirs). */
export const LEAD_RETENTION_DAYS = 365;

/**
 * A person one of the workspace's accounts invited (connect, or a DM to a stranger) or messaged:
 * kept so that the provider's webhooks (an accepted invitation, a reply) can be told to the
 * workspace as `lead.connected` and `lead.replied`, with the job they came from.
 */
export interface Lead {
  workspaceId: string;
  accountId: string;
  accountName?: string;
  providerAccountId: string;
  /** The provider's id of the person (Unipile `ACo…`), as its webhooks name them. */
  providerId: string;
  publicIdentifier: string;
  profileUrl: string;
  name?: string;
  /** Given with a connection request. */
  email?: string;
  /** The latest job that reached them. */
  jobId: string;
  jobType: 'connect' | 'dm';
  invitedAt?: string;
  messagedAt?: string;
  connectedAt?: string;
  lastReplyAt?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: number;
}

export type LeadIdentity = Pick<
  Lead,
  | 'workspaceId'
  | 'accountId'
  | 'accountName'
  | 'providerAccountId'
  | 'providerId'
  | 'publicIdentifier'
  | 'profileUrl'
  | 'name'
  | 'email'
  | 'jobId'
  | 'jobType'
>;

type LeadTimes = Partial<Pick<Lead, 'invitedAt' | 'messagedAt' | 'connectedAt' | 'lastReplyAt'>>;

/** A lead from its item (stored-entity.ts). */
const toLead = entityReader<Lead>()([
  'workspaceId',
  'accountId',
  'accountName',
  'providerAccountId',
  'providerId',
  'publicIdentifier',
  'profileUrl',
  'name',
  'email',
  'jobId',
  'jobType',
  'invitedAt',
  'connectedAt',
  'messagedAt',
  'lastReplyAt',
  'createdAt',
  'updatedAt',
  'expiresAt',
]);

/**
 * Creates or refreshes a lead (an upsert: the latest job wins) with the times given. With
 * `onlyOnce`, the item's condition fails when that time was already set (the first acceptance
 * wins, a repeated webhook does nothing).
 */
export function recordLeadItem(
  db: Db,
  lead: LeadIdentity,
  times: LeadTimes,
  now: Date,
  options: { onlyOnce?: keyof LeadTimes } = {},
): TransactItem {
  return { Update: leadUpdate(db, lead, times, now, options) };
}

/** The update that records a lead: a transaction's item or a write of its own. */
function leadUpdate(db: Db, lead: LeadIdentity, times: LeadTimes, now: Date, options: { onlyOnce?: keyof LeadTimes }) {
  const fields: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(lead).filter(([, value]) => value !== undefined)),
    ...times,
    ...keys.leadIndex(lead.providerAccountId, lead.providerId, lead.workspaceId, lead.accountId),
    updatedAt: now.toISOString(),
    expiresAt: epochSeconds(now) + LEAD_RETENTION_DAYS * 86400,
  };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':createdAt': now.toISOString() };
  const sets = Object.entries(fields).map(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:f${index}`] = value;
    return `#f${index} = :f${index}`;
  });
  names['#createdAt'] = 'createdAt';
  sets.push('#createdAt = if_not_exists(#createdAt, :createdAt)');
  if (options.onlyOnce) names['#once'] = options.onlyOnce;
  return {
    TableName: db.table,
    Key: keys.lead(lead.workspaceId, lead.accountId, lead.providerId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ...(options.onlyOnce ? { ConditionExpression: 'attribute_not_exists(#once)' } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Writes a lead outside a transaction; returns it as written (with the times it had already). */
export async function recordLead(db: Db, lead: LeadIdentity, times: LeadTimes, now: Date): Promise<Lead> {
  const { Attributes } = await db.client.send(new UpdateCommand({ ...leadUpdate(db, lead, times, now, {}), ReturnValues: 'ALL_NEW' }));
  return toLead(Attributes ?? {});
}

/** One lead: of this workspace's account, for this person (the provider's id). */
export async function getLead(db: Db, workspaceId: string, accountId: string, providerId: string): Promise<Lead | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.lead(workspaceId, accountId, providerId), ConsistentRead: true }),
  );
  return Item ? toLead(Item) : undefined;
}

/** The leads of a login for one person (one per workspace and account that reached them). */
export async function findLeads(db: Db, providerAccountId: string, providerId: string): Promise<Lead[]> {
  const items = await queryAll(db, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': keys.leadIndex(providerAccountId, providerId, '', '').gsi1pk },
  });
  return items.map(toLead);
}

/** The identity part of a lead (what is written again when it changes). */
export function leadIdentity(lead: Lead): LeadIdentity {
  const { workspaceId, accountId, accountName, providerAccountId, providerId, publicIdentifier, profileUrl, name, email, jobId, jobType } =
    lead;
  return { workspaceId, accountId, accountName, providerAccountId, providerId, publicIdentifier, profileUrl, name, email, jobId, jobType };
}
