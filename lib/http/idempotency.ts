import { createHash } from 'node:crypto';
import { ConflictError, HttpError, ValidationError } from '../errors';
import type { Db } from '../store/client';
import type { StoredResponse } from '../store/idempotency';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../store/idempotency';
import { logger } from '../log';
import type { HttpResult } from './http-result';
import type { Route } from './route';

/** A replayed response is kept this long after the first request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A request still "in progress" after this long is taken to have crashed. */
const LOCK_SECONDS = 60;
/** An `Idempotency-Key` header: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

/**
 * What the use case of a request with an Idempotency-Key knows of it. `id` is the same for every
 * attempt of the request (its workspace, key and body), so that an attempt can find what an earlier
 * one made before it was cut off, after its work but before the key stored its answer (a crash, a
 * timeout): a job's id is made from it. The key holds for 24 h: the same key and body used before
 * `since` was another request.
 */
export interface RetryKey {
  id: string;
  since: Date;
}

export interface IdempotencyClaim {
  keyHash: string;
  retryKey: RetryKey;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with each object's keys in order: the same value gives the same text however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? '';
}

/**
 * What an Idempotency-Key is bound to: the method, the path with its parameters (cancelling job B
 * is another request than cancelling job A, whatever its body), and the body as parsed JSON (other
 * whitespace or key order is the same request). A key used for one is refused for another (422).
 */
export function requestFingerprint(
  route: Pick<Route, 'method' | 'path'>,
  pathParameters: Record<string, string | undefined>,
  body: unknown,
): string {
  // The parameters as JSON, not put back in the path: any text is written unambiguously (a `/`, a
  // lone surrogate that encodeURIComponent would throw on).
  return `${route.method} ${route.path} ${canonicalJson(pathParameters)}\n${body === undefined ? '' : canonicalJson(body)}`;
}

/**
 * Handles the `Idempotency-Key` header of a POST: the same key and request (`requestFingerprint`)
 * within 24 h replays the first response; the same key on another request is a 422; a first
 * request still running, a 409.
 * Returns the replay, or the claim to complete (or release) once the request has been handled.
 */
export async function beginIdempotentRequest(
  db: Db,
  workspaceId: string,
  header: string | undefined,
  fingerprintSource: string,
  now: Date,
): Promise<{ replay: HttpResult } | { claim: IdempotencyClaim } | undefined> {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_RE.test(header)) {
    throw new ValidationError([{ path: 'headers.idempotency-key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  const keyHash = sha256(header);
  const fingerprint = sha256(fingerprintSource);
  const held = await claimIdempotencyKey(db, workspaceId, keyHash, fingerprint, now, {
    ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    lockSeconds: LOCK_SECONDS,
  });
  if (!held) {
    const retryKey = {
      id: sha256(`${workspaceId}\n${keyHash}\n${fingerprint}`),
      since: new Date(now.getTime() - IDEMPOTENCY_TTL_SECONDS * 1000),
    };
    return { claim: { keyHash, retryKey } };
  }
  if (held.fingerprint !== fingerprint) {
    throw new HttpError(
      422,
      'idempotency-key-reused',
      'Idempotency key reused',
      `This Idempotency-Key was used in the last ${IDEMPOTENCY_TTL_SECONDS / 3600} hours for another request (another path or body); use a new key for each request.`,
    );
  }
  if (held.state === 'in_progress' || !held.response) {
    throw new ConflictError(
      'idempotency-request-in-progress',
      'A request with this Idempotency-Key is still being processed; retry shortly.',
    );
  }
  const { status, headers, body } = held.response;
  return { replay: { status, body, headers: { ...headers, 'idempotent-replayed': 'true' } } };
}

/**
 * Stores the response for replay (4xx included: the request ran), or lets go of the key on a 5xx.
 * Should storing fail, the caller still gets the answer of the work that was done (answering 503
 * for a job that was accepted would invite a second one); the key stays held until its lock runs
 * out, so a retry meanwhile gets a 409.
 */
export async function finishIdempotentRequest(db: Db, workspaceId: string, claim: IdempotencyClaim, result: HttpResult): Promise<void> {
  if (result.status >= 500) {
    await releaseIdempotencyKey(db, workspaceId, claim.keyHash);
    return;
  }
  const stored: StoredResponse = { status: result.status, headers: result.headers ?? {}, body: result.body ?? null };
  await completeIdempotencyKey(db, workspaceId, claim.keyHash, stored).catch((error: unknown) =>
    logger.warn('could not store the response of an idempotent request; answering it anyway', { workspaceId, error: error as Error }),
  );
}
