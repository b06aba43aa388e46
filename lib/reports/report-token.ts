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
import { signedTokens, type GrantCheck } from '../auth/signed-token';

const tokens = signedTokens({ version: 'r1', purpose: 'transcript-report', maxPayloadChars: 600 });

/** What a valid token says: whose call, and until when its link opens the report. */
export interface ReportGrant {
  workspaceId: string;
  callId: string;
  expiresAt: Date;
}

/** A token checked: valid, or refused as not one of ours (malformed, forged, altered), or as past its time. */
export type ReportTokenCheck = GrantCheck<ReportGrant>;

/** A signed token for the grant, valid until its `expiresAt` (to the second, rounded down). */
export function signReportToken(secret: string, grant: ReportGrant): string {
  return tokens.sign(secret, { w: grant.workspaceId, c: grant.callId }, grant.expiresAt);
}

/**
 * Checks a token: its form and signature (`invalid` when either is wrong, and whenever the secret
 * is empty), then its expiry at `now` (`expired`). Reads nothing.
 */
export function verifyReportToken(secret: string, token: string, now: Date): ReportTokenCheck {
  const check = tokens.verify(secret, token, now);
  if (!check.ok) return check;
  const { w, c } = check.fields;
  if (typeof w !== 'string' || w === '' || typeof c !== 'string' || c === '') return { ok: false, reason: 'invalid' };
  return { ok: true, grant: { workspaceId: w, callId: c, expiresAt: check.expiresAt } };
}
