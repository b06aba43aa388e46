import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { writtenIfConditionHolds } from './condition-failed';
import type { TransactItem } from './transact';
import { batchGet } from './batch-get';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import { queryPrefix } from './query-all';

export type AccountMode = 'autopilot' | 'ask';

export interface WorkingHours {
  /** `HH:MM`, in the account's timezone. */
  start: string;
  end: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[];
}

export interface DailyLimits {
  reactions?: number;
  comments?: number;
  messages?: number;
  invitations?: number;
  /** Profile visits (the lookup a connection request or a DM starts with). */
  visits?: number;
  /** Posts published (`POST /social-selling/post`). */
  posts?: number;
}

/** The time an account leaves between two network touches: `minSeconds`, plus up to `jitterSeconds` at random. */
export interface Gap {
  minSeconds: number;
  jitterSeconds: number;
}

/** Gaps before each kind of touch (named as in `DailyLimits`); absent ones fall through (see `effectiveLimits`). */
export type Spacing = Partial<Record<keyof DailyLimits, Gap>>;

/** A workspace member's connected profile on the network, which acts for the workspace. */
export interface Account {
  accountId: string;
  workspaceId: string;
  name: string;
  /** Normalised profile URL (see `normaliseProfileUrl`). */
  profileUrl: string;
  /** The provider's id of the connected login (Unipile `account_id`). */
  providerAccountId: string;
  mode: AccountMode;
  timezone: string;
  /** Its own working hours; absent = the workspace's, else the default (see `effectiveLimits`). */
  workingHours?: WorkingHours;
  dailyLimits: DailyLimits;
  /** Its own weekly invitation limit; absent = the workspace's, else the default. */
  weeklyInvitations?: number;
  /** Its own gaps between network touches, per kind; absent ones are the workspace's, else the default. */
  spacing?: Spacing;
  /** `paused` by the workspace: it acts no more, and its actions wait until it is active again. */
  status: 'active' | 'paused';
  /** Which provider its login is connected through; absent on accounts made before it was kept. */
  provider?: 'sandbox' | 'unipile';
  /** When its login was connected (or last reconnected) through a connect link. */
  connectedAt?: string;
  /**
   * Set while the provider says its login is not usable (credentials expired, sync stopped): its
   * actions wait (`account_disconnected`) until it is reconnected, then fail after a while.
   */
  disconnectedAt?: string;
  /** Where the account's owner is told what waits for their approval (email); absent = nobody is mailed. */
  ownerEmail?: string;
  createdAt: string;
}

/** The item an account is stored as: its key, and its indexes by profile URL and by provider login. */
export function accountItem(account: Account): Record<string, unknown> {
  return {
    ...keys.account(account.workspaceId, account.accountId),
    ...keys.accountProfileIndex(account.workspaceId, account.profileUrl),
    ...keys.accountLoginIndex(account.providerAccountId, account.workspaceId, account.accountId),
    ...account,
  };
}

export async function putAccount(db: Db, account: Account): Promise<void> {
  await db.client.send(new PutCommand({ TableName: db.table, Item: accountItem(account) }));
}

export async function getAccount(db: Db, workspaceId: string, accountId: string): Promise<Account | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.account(workspaceId, accountId) }));
  return Item ? toAccount(Item) : undefined;
}

export async function findAccountByProfile(db: Db, workspaceId: string, profileUrl: string): Promise<Account | undefined> {
  const index = keys.accountProfileIndex(workspaceId, profileUrl);
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk = :s',
      ExpressionAttributeValues: { ':p': index.gsi1pk, ':s': index.gsi1sk },
    }),
  );
  return Items?.[0] ? toAccount(Items[0]) : undefined;
}

export async function listAccounts(db: Db, workspaceId: string): Promise<Account[]> {
  return (await queryPrefix(db, keys.account(workspaceId, '').pk, 'ACCOUNT#')).map(toAccount);
}

export async function deleteAccount(db: Db, workspaceId: string, accountId: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: keys.account(workspaceId, accountId) }));
}

/** The accounts (of any workspace) connected through one provider login, as the provider's webhook names it. */
export async function findAccountsByLogin(db: Db, providerAccountId: string): Promise<Account[]> {
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p',
      ExpressionAttributeValues: { ':p': keys.accountLoginIndex(providerAccountId, '', '').gsi2pk },
    }),
  );
  return (Items ?? []).map(toAccount);
}

/** The settings of an account a workspace may change (see `updateAccountSettings`). */
export type AccountSettings = Partial<
  Pick<Account, 'name' | 'mode' | 'timezone' | 'workingHours' | 'dailyLimits' | 'weeklyInvitations' | 'spacing' | 'status' | 'ownerEmail'>
>;

/**
 * Writes the given settings of an existing account (an undefined value removes the setting: the
 * workspace's, then the default, applies again), leaving its other fields, such as its connection
 * state, as they are; the account as it now is, or undefined when it does not exist.
 */
export async function updateAccountSettings(
  db: Db,
  workspaceId: string,
  accountId: string,
  settings: AccountSettings,
): Promise<Account | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [index, [field, value]] of Object.entries(settings).entries()) {
    names[`#f${index}`] = field;
    if (value === undefined) removes.push(`#f${index}`);
    else {
      values[`:f${index}`] = value;
      sets.push(`#f${index} = :f${index}`);
    }
  }
  if (!sets.length && !removes.length) return getAccount(db, workspaceId, accountId);
  const item = await writtenIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.account(workspaceId, accountId),
        UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
          .join(' ')
          .trim(),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return item && toAccount(item);
}

/**
 * The transaction item that marks an account's login disconnected, unless it already is (so the
 * event written with it is sent once per disconnection).
 */
export function markDisconnectedItem(db: Db, account: Pick<Account, 'workspaceId' | 'accountId'>, at: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.account(account.workspaceId, account.accountId),
      UpdateExpression: 'SET disconnectedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disconnectedAt)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    },
  };
}

/** The transaction item that marks a disconnected account's login connected again (only if it was disconnected). */
export function markReconnectedItem(db: Db, account: Pick<Account, 'workspaceId' | 'accountId'>, at: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.account(account.workspaceId, account.accountId),
      UpdateExpression: 'SET connectedAt = :at REMOVE disconnectedAt',
      ConditionExpression: 'attribute_exists(disconnectedAt)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    },
  };
}

/** Reads many accounts of one workspace; missing ones are simply absent from the result. */
export async function getAccounts(db: Db, workspaceId: string, accountIds: string[]): Promise<Account[]> {
  return batchGet(
    db,
    accountIds.map((id) => keys.account(workspaceId, id)),
    toAccount,
  );
}

/** An account from its item (stored-entity.ts). */
const toAccount = entityReader<Account>()([
  'accountId',
  'workspaceId',
  'name',
  'profileUrl',
  'providerAccountId',
  'mode',
  'timezone',
  'workingHours',
  'dailyLimits',
  'weeklyInvitations',
  'spacing',
  'status',
  'provider',
  'connectedAt',
  'disconnectedAt',
  'ownerEmail',
  'createdAt',
]);
