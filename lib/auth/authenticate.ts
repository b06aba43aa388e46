import { timingSafeEqual } from 'node:crypto';
import { getConfig } from '../config';
import { UnauthorizedError } from '../errors';
import type { Db } from '../store/client';
import { getApiKeyByHash } from '../store/api-keys';
import { TtlCache } from '../ttl-cache';
import { hashApiKey, isWellFormedApiKey } from './api-key';

export interface Principal {
  workspaceId: string;
  keyId: string;
}

/**
 * Verified keys, by hash, for a short time: a warm Lambda does not ask DynamoDB on every
 * request. The price is the revocation delay: a revoked key keeps working on a warm container
 * for at most AUTH_CACHE_SECONDS. Unknown keys are not cached.
 */
export class ApiKeyCache extends TtlCache<Principal> {}

let sharedCache: ApiKeyCache | undefined;
function defaultCache(): ApiKeyCache {
  sharedCache ??= new ApiKeyCache(getConfig().AUTH_CACHE_SECONDS * 1000);
  return sharedCache;
}

/**
 * Resolves the `api-key` header to its workspace. Missing, malformed, unknown and revoked keys
 * all throw the same UnauthorizedError; the workspace comes from the key and nothing else.
 */
export async function authenticate(
  header: string | undefined,
  db: Db,
  cache: ApiKeyCache = defaultCache(),
  now: number = Date.now(),
): Promise<Principal> {
  const key = header?.trim();
  if (!key || !isWellFormedApiKey(key)) throw new UnauthorizedError();
  const hash = hashApiKey(key);
  const cached = cache.get(hash, now);
  if (cached) return cached;

  const record = await getApiKeyByHash(db, hash);
  if (!record || record.revokedAt) throw new UnauthorizedError();
  // The lookup was by hash already; comparing again in constant time costs nothing and keeps
  // a broken index or a hand-edited item from admitting the wrong key.
  if (!timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(hash, 'hex'))) throw new UnauthorizedError();

  const principal = { workspaceId: record.workspaceId, keyId: record.keyId };
  cache.set(hash, principal, now);
  return principal;
}
