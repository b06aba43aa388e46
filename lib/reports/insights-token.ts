/**
 * The token of an insights link (`/insights/<token>`): it names a workspace, the period its page
 * shows, and when the link stops opening, signed with REPORT_LINK_SECRET (HMAC-SHA256) like a report
 * link's, under a purpose of its own so that neither kind of token passes for the other. Nothing is
 * stored: the signature is the proof. The token is a secret: it is never logged.
 *
 * Form: `i1.<payload>.<signature>`, both base64url; the payload is the JSON `{w, f, t, e}`
 * (workspace, first and last day, expiry in epoch seconds).
 */
import { signedTokens, type GrantCheck } from '../auth/signed-token';
import type { Period } from '../insights/period';

const tokens = signedTokens({ version: 'i1', purpose: 'workspace-insights', maxPayloadChars: 400 });

/** What a valid token says: whose calls, which period, and until when its link opens the page. */
export interface InsightsGrant {
  workspaceId: string;
  period: Period;
  expiresAt: Date;
}

/** A token checked: valid, or refused as not one of ours, or as past its time. */
export type InsightsTokenCheck = GrantCheck<InsightsGrant>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A signed token for the grant, valid until its `expiresAt` (to the second, rounded down). */
export function signInsightsToken(secret: string, grant: InsightsGrant): string {
  return tokens.sign(secret, { w: grant.workspaceId, f: grant.period.from, t: grant.period.to }, grant.expiresAt);
}

/** Checks a token: its form and signature (`invalid`, and always while the secret is empty), then its expiry. Reads nothing. */
export function verifyInsightsToken(secret: string, token: string, now: Date): InsightsTokenCheck {
  const check = tokens.verify(secret, token, now);
  if (!check.ok) return check;
  const { w, f, t } = check.fields;
  if (typeof w !== 'string' || w === '' || typeof f !== 'string' || !DAY.test(f) || typeof t !== 'string' || !DAY.test(t) || f > t) {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, grant: { workspaceId: w, period: { from: f, to: t }, expiresAt: check.expiresAt } };
}
