import { createHash, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomBase62 } from '../ids';

/**
 * Workspace api keys: `wsk_<32 base62 chars: ~190 bits>_<6 base62 chars of CRC-32>`.
 * The checksum lets a malformed or mistyped key be refused without a database read, and lets
 * secret scanners recognise leaked keys. Only the SHA-256 of a key is ever stored.
 */
const KEY_RE = /^wsk_([0-9A-Za-z]{32})_([0-9A-Za-z]{6})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function checksum(body: string): string {
  let value = crc32(`wsk_${body}`);
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export interface GeneratedApiKey {
  key: string;
  hash: string;
  /** Shown in listings to recognise a key; not enough to guess it. */
  prefix: string;
}

export function generateApiKey(): GeneratedApiKey {
  const body = randomBase62(32);
  const key = `wsk_${body}_${checksum(body)}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 10) };
}

/** True when the key has the right shape and its checksum matches (compared in constant time). */
export function isWellFormedApiKey(key: string): boolean {
  const match = KEY_RE.exec(key);
  if (!match?.[1] || !match[2]) return false;
  return timingSafeEqual(Buffer.from(checksum(match[1])), Buffer.from(match[2]));
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
