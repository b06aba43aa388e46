/**
 * The token of a transcript report link (`/reports/<token>`): it names a workspace's call and when
 * the link stops opening, and is signed with REPORT_LINK_SECRET (HMAC-SHA256), so a forged or
 * altered one is refused before anything is read. Nothing is stored: the signature is the proof,
 * and the link opens the page of that one call until it expires (rotating the secret ends every
 * link at once).
 *
 * Form: `r1.<payload>.<signature>`, both base64url; the payload is the JSON `{w, c, e}` (workspace,
 * call id, expiry in epoch seconds). The signature covers a purpose prefix as well, so that no
 * other token of the service signed with the same secret (a connect link's state) can pass for one.
 * The token is a secret: it is never logged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'r1';
/** What the signature covers before the token's text: the token's purpose. */
const PURPOSE = 'transcript-report';
/** The whole token: its version, a payload of bounded length (a 128-character call id fits), and a 32-byte signature. */
const TOKEN_RE = /^r1\.([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

/** What a valid token says: whose call, and until when its link opens the report. */
export interface ReportGrant {
  workspaceId: string;
  callId: string;
  expiresAt: Date;
}

/** A token checked: valid, or refused as not one of ours (malformed, forged, altered), or as past its time. */
export type ReportTokenCheck =
  | { ok: true; grant: ReportGrant }
  | { ok: false; reason: 'invalid' }
  /** A token of ours past its time: when it expired (said to the person, who may ask for a new link). */
  | { ok: false; reason: 'expired'; expiresAt: Date };

function signatureOf(secret: string, signed: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}.${signed}`).digest('base64url');
}

/** A signed token for the grant, valid until its `expiresAt` (to the second, rounded down). */
export function signReportToken(secret: string, grant: ReportGrant): string {
  if (!secret) throw new Error('signReportToken: the secret is empty');
  const fields = { w: grant.workspaceId, c: grant.callId, e: Math.floor(grant.expiresAt.getTime() / 1000) };
  const signed = `${VERSION}.${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;
  return `${signed}.${signatureOf(secret, signed)}`;
}

/**
 * Checks a token: its form and signature (`invalid` when either is wrong, and whenever the secret
 * is empty), then its expiry at `now` (`expired`). Reads nothing.
 */
export function verifyReportToken(secret: string, token: string, now: Date): ReportTokenCheck {
  const match = TOKEN_RE.exec(token);
  if (!secret || !match) return { ok: false, reason: 'invalid' };
  const [, payload] = match as unknown as [string, string, string];
  // Compared as text: base64url's last character has bits a decoder ignores, so comparing decoded
  // bytes would take an altered last character for the same signature.
  const expected = Buffer.from(signatureOf(secret, `${VERSION}.${payload}`));
  const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { w, c, e } = (fields ?? {}) as { w?: unknown; c?: unknown; e?: unknown };
  // Signed by us, so well formed unless the secret leaked; checked all the same.
  if (typeof w !== 'string' || w === '' || typeof c !== 'string' || c === '' || typeof e !== 'number' || !Number.isSafeInteger(e)) {
    return { ok: false, reason: 'invalid' };
  }
  const expiresAt = new Date(e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', expiresAt };
  return { ok: true, grant: { workspaceId: w, callId: c, expiresAt } };
}
