import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

/** Time-ordered ids: `job_01J…` sort by creation, which listing newest-first relies on. */
export function newId(prefix: 'job' | 'acc' | 'key' | 'req' | 'sbx' | 'apr' | 'wh' | 'evt' | 'dlv'): string {
  return `${prefix}_${ulid()}`;
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
