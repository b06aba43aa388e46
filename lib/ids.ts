import { createHash, randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

/** Time-ordered ids: `job_01J…` sort by creation, which listing newest-first relies on. */
export function newId(prefix: 'job' | 'acc' | 'key' | 'req' | 'sbx' | 'apr' | 'wh' | 'evt' | 'dlv'): string {
  return `${prefix}_${ulid()}`;
}

/** Crockford's base 32, as ULIDs are written. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id of the same form as `newId`'s (a prefix and 26 characters of a ULID), made from `seed`: the
 * same seed always gives the same id, so that a retried request finds what its first attempt made.
 * Its characters come from a hash of the seed, not the time: such ids do not sort by creation.
 */
export function idFrom(prefix: 'job', seed: string): string {
  let value = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 32)}`);
  let out = '';
  // 26 characters of 5 bits hold the 128 bits, as a ULID's do (its first character is then 0 to 7).
  for (let i = 0; i < 26; i++) {
    out = CROCKFORD[Number(value % 32n)]! + out;
    value /= 32n;
  }
  return `${prefix}_${out}`;
}

/** Base62 of `bytes` random bytes (for secrets; not time-ordered). */
export function randomBase62(length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely (248 = 4 * 62).
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}
