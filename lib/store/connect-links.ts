import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Account } from './accounts';
import { accountItem } from './accounts';
import type { Db } from './client';
import { writeIfConditionHolds } from './condition-failed';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import type { TransactItem } from './transact';

/**
 * A connect link (POST /api/v1/accounts/connect-link), stored under the hash of its state's token
 * (lib/onboarding/connect-state.ts) until it expires (DynamoDB TTL), so that it connects once: using it
 * sets `usedAt`, under a condition that it was not set.
 */
export interface ConnectLink {
  /** SHA-256 (hex) of the state's token: the token itself is never stored. */
  tokenHash: string;
  workspaceId: string;
  /** `create`: a new account; `reconnect`: the login of `reconnectAccountId` again. */
  type: 'create' | 'reconnect';
  /** The provider the link was made with: the sandbox's page serves only sandbox links, Unipile's report only Unipile's. */
  provider: 'sandbox' | 'unipile';
  /** Given to the provider, which echoes it in its report (Unipile's `name`). */
  reference: string;
  /** The new account's name, overriding the profile's. */
  name?: string;
  reconnectAccountId?: string;
  /** The login being reconnected, as the account had it when the link was made. */
  reconnectProviderAccountId?: string;
  successRedirectUrl?: string;
  createdAt: string;
  /** Epoch seconds: the state's own expiry, and the item's TTL. */
  expiresAt: number;
  /** Set once the link connected (or reconnected) an account. */
  usedAt?: string;
  accountId?: string;
}

export async function putConnectLink(db: Db, link: ConnectLink): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.connectLink(link.tokenHash), ...link },
      // A token hash is unique (a random nonce in each token): a clash would be a bug, never an overwrite.
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getConnectLink(db: Db, tokenHash: string): Promise<ConnectLink | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.connectLink(tokenHash), ConsistentRead: true }));
  return Item ? toConnectLink(Item) : undefined;
}

/**
 * The transaction item that uses the link up for `accountId`, unless it already was: a replay of
 * the link fails the condition, and with it the whole transaction (nothing is created).
 */
export function useConnectLinkItem(db: Db, tokenHash: string, accountId: string, at: Date): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.connectLink(tokenHash),
      UpdateExpression: 'SET usedAt = :at, accountId = :account',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
      ExpressionAttributeValues: { ':at': at.toISOString(), ':account': accountId },
    },
  };
}

/**
 * Makes a link usable again after a use whose last step failed (a reconnect whose account could not
 * be marked): only the use made at `usedAt`, so another that came meanwhile stays. Best effort.
 */
export async function releaseConnectLink(db: Db, tokenHash: string, usedAt: Date): Promise<boolean> {
  return writeIfConditionHolds(
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.connectLink(tokenHash),
        UpdateExpression: 'REMOVE usedAt, accountId',
        ConditionExpression: 'usedAt = :at',
        ExpressionAttributeValues: { ':at': usedAt.toISOString() },
      }),
    ),
  );
}

/**
 * The transaction item that creates an account connected through a link (the item `putAccount`
 * writes), refused should the id exist.
 */
export function newAccountItem(db: Db, account: Account): TransactItem {
  return {
    Put: {
      TableName: db.table,
      Item: accountItem(account),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The transaction item that records a reconnection on the account (when, and through which
 * provider), only while it exists with that same login: an account removed or given another login
 * meanwhile refuses the transaction.
 */
export function reconnectedAccountItem(
  db: Db,
  account: Pick<Account, 'workspaceId' | 'accountId' | 'providerAccountId'>,
  provider: 'sandbox' | 'unipile',
  at: Date,
): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.account(account.workspaceId, account.accountId),
      UpdateExpression: 'SET connectedAt = :at, #provider = :provider',
      ConditionExpression: 'attribute_exists(pk) AND providerAccountId = :login',
      ExpressionAttributeNames: { '#provider': 'provider' },
      ExpressionAttributeValues: { ':at': at.toISOString(), ':provider': provider, ':login': account.providerAccountId },
    },
  };
}

/** A link from its item (stored-entity.ts). */
const toConnectLink = entityReader<ConnectLink>()([
  'tokenHash',
  'type',
  'workspaceId',
  'name',
  'provider',
  'reference',
  'successRedirectUrl',
  'reconnectAccountId',
  'reconnectProviderAccountId',
  'accountId',
  'usedAt',
  'createdAt',
  'expiresAt',
]);
