/**
 * The state of a connect link: the token its URLs carry (`/connect/<state>`, and the provider's
 * `notify_url`, `/connect/<state>/notify`). It names the workspace and when it expires, and is
 * signed with CONNECT_LINK_SECRET (HMAC-SHA256), so a forged or altered one is refused before
 * anything is read. A random nonce makes each unguessable; the table keeps it (by its hash) to
 * consume it once.
 *
 * Form: `v1.<payload>.<signature>`, both base64url; the payload is the JSON `{w, e, n}` (workspace,
 * expiry in epoch seconds, nonce). The token is a secret: it is never logged nor stored as is.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
/** The whole token: its version, a payload of bounded length, and a 32-byte signature. */
const TOKEN_RE = /^v1\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/** What a valid state says. */
export interface ConnectState {
  workspaceId: string;
  expiresAt: Date;
}

/** A state checked: valid, or refused as not one of ours (malformed, forged, altered), or as past its time. */
export type StateCheck =
  | { ok: true; state: ConnectState }
  | { ok: false; reason: 'invalid' }
  /** A state of ours past its time: when it expired (said to the person, who may ask for a new link). */
  | { ok: false; reason: 'expired'; expiresAt: Date };

function signatureOf(secret: string, signed: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

/** A new signed state for the workspace, valid until `expiresAt` (to the second). */
export function signConnectState(secret: string, workspaceId: string, expiresAt: Date): string {
  if (!secret) throw new Error('signConnectState: the secret is empty');
  const payload = Buffer.from(
    JSON.stringify({ w: workspaceId, e: Math.floor(expiresAt.getTime() / 1000), n: randomBytes(16).toString('base64url') }),
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${signatureOf(secret, signed).toString('base64url')}`;
}

/**
 * Checks a state: its form and signature (`invalid` when either is wrong, and when the secret is
 * empty), then its expiry at `now` (`expired`). Reads nothing: whether it was used is the table's.
 */
export function verifyConnectState(secret: string, token: string, now: Date): StateCheck {
  const match = TOKEN_RE.exec(token);
  if (!secret || !match) return { ok: false, reason: 'invalid' };
  const [, payload, signature] = match as unknown as [string, string, string];
  // Compared as text: base64url's last character has bits the decoder ignores, so comparing decoded
  // bytes would take an altered last character for the same signature.
  const expected = Buffer.from(signatureOf(secret, `${VERSION}.${payload}`).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { w, e } = (fields ?? {}) as { w?: unknown; e?: unknown };
  // Signed by us, so well formed unless the secret leaked; checked all the same.
  if (typeof w !== 'string' || w === '' || typeof e !== 'number' || !Number.isSafeInteger(e)) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', expiresAt };
  return { ok: true, state: { workspaceId: w, expiresAt } };
}

/** The key a state is stored under: its SHA-256 (hex), so the table never holds the token itself. */
export function connectStateHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
