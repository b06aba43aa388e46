/**
 * Signing of outgoing webhooks, Standard Webhooks style (https://www.standardwebhooks.com/):
 * customers verify them with any of that project's libraries, so the format here must match
 * theirs byte for byte.
 */

import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * A new endpoint secret: `whsec_` and the base64 of 32 random bytes, the form the Standard
 * Webhooks libraries accept as is, so a customer can paste it into their verifier unchanged.
 */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  // An empty key would still produce an HMAC, one that anybody can forge.
  if (key.length === 0) throw new Error('A webhook signing secret must not be empty.');
  return key;
}

/**
 * The three headers that let a customer check a delivery came from us, was not altered and is not
 * a replay: the signed content binds the message id (dedup), the timestamp (receivers reject old
 * ones) and the exact body. Every secret in `secrets` signs, space-separated, so that during a
 * rotation receivers still holding the previous secret keep verifying.
 */
export function signatureHeaders(input: { id: string; timestamp: Date; body: string; secrets: string[] }): SignatureHeaders {
  if (input.secrets.length === 0) throw new Error('At least one webhook signing secret is needed to sign.');
  // Whole seconds: receivers parse the header as an integer, and sign what they parse.
  const timestamp = String(Math.floor(input.timestamp.getTime() / 1000));
  const signedContent = `${input.id}.${timestamp}.${input.body}`;
  const signatures = input.secrets.map(
    (secret) => `v1,${createHmac('sha256', keyOf(secret)).update(signedContent, 'utf8').digest('base64')}`,
  );
  return { 'webhook-id': input.id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
