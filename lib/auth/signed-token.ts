/**
 * Signed, expiring tokens: `<version>.<payload>.<signature>`, both base64url; the payload is the
 * JSON of a token's fields and `e`, its expiry in epoch seconds; the signature is HMAC-SHA256 of
 * `<purpose>.<version>.<payload>` (of `<version>.<payload>` without a purpose). A forged or altered
 * token is refused before anything is read. Each kind of token says its own fields and checks them
 * (connect links' state, transcript report links).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenFormat {
  /** The token's first part (`v1`, `r1`): a format changed later gets another. */
  version: string;
  /** What the signature covers first: no other kind of token signed with the same secret passes for this one. */
  purpose?: string;
  /** Longest payload accepted, in characters. */
  maxPayloadChars: number;
}

/** A token checked: valid (its fields, as signed), or refused as not one of ours, or as past its time. */
export type TokenCheck =
  | { ok: true; fields: Record<string, unknown>; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  /** A token of ours past its time: when it expired (said to the person, who may ask for a new link). */
  | { ok: false; reason: 'expired'; expiresAt: Date };

/** Why a token was refused: not one of ours, or past its time (when, to say to the person). */
export type TokenRefusal = Exclude<TokenCheck, { ok: true }>;

/** A token of one kind checked: what it grants, or why it was refused. */
export type GrantCheck<Grant> = { ok: true; grant: Grant } | TokenRefusal;

export interface SignedTokens {
  /** A token of `fields`, valid until `expiresAt` (to the second, rounded down). Throws when the secret is empty. */
  sign(secret: string, fields: Record<string, unknown>, expiresAt: Date): string;
  /** Checks a token's form and signature (`invalid`, and always when the secret is empty), then its expiry at `now`. */
  verify(secret: string, token: string, now: Date): TokenCheck;
}

/** The signing and checking of one kind of token. */
export function signedTokens(format: TokenFormat): SignedTokens {
  // The whole token: its version, a payload of bounded length, and a 32-byte signature.
  const tokenRe = new RegExp(String.raw`^${format.version}\.([A-Za-z0-9_-]{1,${format.maxPayloadChars}})\.([A-Za-z0-9_-]{43})$`);
  const signatureOf = (secret: string, signed: string) =>
    createHmac('sha256', secret)
      .update(format.purpose ? `${format.purpose}.${signed}` : signed)
      .digest('base64url');
  return {
    sign(secret, fields, expiresAt) {
      if (!secret) throw new Error(`signing a ${format.version} token: the secret is empty`);
      const payload = Buffer.from(JSON.stringify({ ...fields, e: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
      const signed = `${format.version}.${payload}`;
      return `${signed}.${signatureOf(secret, signed)}`;
    },
    verify(secret, token, now) {
      const match = tokenRe.exec(token);
      if (!secret || !match) return { ok: false, reason: 'invalid' };
      // Both groups are in the pattern, so a match always has them; the defaults only satisfy the compiler.
      const [, payload = '', signature = ''] = match;
      // Compared as text: base64url's last character has bits a decoder ignores, so comparing decoded
      // bytes would take an altered last character for the same signature.
      const expected = Buffer.from(signatureOf(secret, `${format.version}.${payload}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      let fields: Record<string, unknown>;
      try {
        fields = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) ?? {}) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      // Signed by us, so well formed unless the secret leaked; checked all the same.
      if (typeof fields.e !== 'number' || !Number.isSafeInteger(fields.e)) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(fields.e * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', expiresAt };
      return { ok: true, fields, expiresAt };
    },
  };
}
