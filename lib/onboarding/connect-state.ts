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
import { createHash, randomBytes } from 'node:crypto';
import { signedTokens } from '../auth/signed-token';

const tokens = signedTokens({ version: 'v1', maxPayloadChars: 400 });

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

/** A new signed state for the workspace, valid until `expiresAt` (to the second). */
export function signConnectState(secret: string, workspaceId: string, expiresAt: Date): string {
  return tokens.sign(secret, { w: workspaceId, n: randomBytes(16).toString('base64url') }, expiresAt);
}

/**
 * Checks a state: its form and signature (`invalid` when either is wrong, and when the secret is
 * empty), then its expiry at `now` (`expired`). Reads nothing: whether it was used is the table's.
 */
export function verifyConnectState(secret: string, token: string, now: Date): StateCheck {
  const check = tokens.verify(secret, token, now);
  if (!check.ok) return check;
  const { w } = check.fields;
  if (typeof w !== 'string' || w === '') return { ok: false, reason: 'invalid' };
  return { ok: true, state: { workspaceId: w, expiresAt: check.expiresAt } };
}

/** The key a state is stored under: its SHA-256 (hex), so the table never holds the token itself. */
export function connectStateHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
