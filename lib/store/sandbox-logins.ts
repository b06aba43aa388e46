import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { entityReader } from './stored-entity';

/**
 * A login of the simulated network: what a person connected on the sandbox's connect page (a profile
 * URL and a name), under the login id the page gave it. The sandbox's `getOwnProfile` reads it, as
 * Unipile's `GET /users/me` reads a real login.
 *
 * Keyed by the login id alone, outside the workspace's partitions: the provider is asked for a
 * login's own profile by its id, with no workspace (the id is random, so no workspace finds another's).
 */
export interface SandboxLogin {
  /** `sbx_…`, or the id of an existing account's login when a reconnect registered it again. */
  providerAccountId: string;
  /** The workspace whose connect page registered it. */
  workspaceId: string;
  /** Normalised `https://www.linkedin.com/in/<id>`. */
  profileUrl: string;
  name: string;
  registeredAt: string;
}

/** Registers a login, or registers it again (a reconnect): the latest profile wins. */
export async function putSandboxLogin(db: Db, login: SandboxLogin): Promise<void> {
  await db.client.send(new PutCommand({ TableName: db.table, Item: { ...keys.sandboxLogin(login.providerAccountId), ...login } }));
}

export async function getSandboxLogin(db: Db, providerAccountId: string): Promise<SandboxLogin | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: keys.sandboxLogin(providerAccountId), ConsistentRead: true }),
  );
  return Item ? toSandboxLogin(Item) : undefined;
}

/** Forgets a login (one registered for a connection that was then refused). */
export async function deleteSandboxLogin(db: Db, providerAccountId: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: keys.sandboxLogin(providerAccountId) }));
}

/** A login from its item (stored-entity.ts). */
const toSandboxLogin = entityReader<SandboxLogin>()(['workspaceId', 'providerAccountId', 'name', 'profileUrl', 'registeredAt']);
