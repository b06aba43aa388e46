import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';
import { entityReader } from './stored-entity';
import { queryIndex } from './query-all';

/** A stored api key: only its SHA-256 and a short, non-secret prefix for people to recognise it. */
export interface ApiKeyRecord {
  keyId: string;
  workspaceId: string;
  hash: string;
  /** First characters of the key (`wsk_AbCd…`), safe to show in listings. */
  prefix: string;
  label?: string;
  createdAt: string;
  revokedAt?: string;
}

export async function putApiKey(db: Db, record: ApiKeyRecord): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.apiKey(record.hash), ...keys.apiKeyIndex(record.workspaceId, record.keyId), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getApiKeyByHash(db: Db, hash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: keys.apiKey(hash) }));
  return Item ? toRecord(Item) : undefined;
}

export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKeyRecord[]> {
  return (await queryIndex(db, keys.apiKeyIndex(workspaceId, '').gsi1pk)).map(toRecord);
}

/** Revokes a key of the workspace by its id; false when the workspace has no such key. */
export async function revokeApiKey(db: Db, workspaceId: string, keyId: string, at: Date): Promise<boolean> {
  const record = (await listApiKeys(db, workspaceId)).find((key) => key.keyId === keyId);
  if (!record) return false;
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.apiKey(record.hash),
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :at)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
  return true;
}

/** A key's record from its item (stored-entity.ts). */
const toRecord = entityReader<ApiKeyRecord>()(['keyId', 'workspaceId', 'hash', 'prefix', 'label', 'createdAt', 'revokedAt']);
