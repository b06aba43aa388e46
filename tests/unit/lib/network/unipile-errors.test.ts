import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { meaningOf, unipileErrorTable } from '../../../../lib/network/unipile-errors';

/** The v1 error table: each row's meaning, the fallbacks by status, and docs/unipile.md citing every row. */
describe("Unipile's v1 error table", () => {
  it.each(unipileErrorTable.map((row) => [row.status, row.type, row.reason, row.retryable] as const))(
    '%s %s → %s (retryable: %s)',
    (status, type, reason, retryable) => {
      expect(meaningOf(status, type, 'post_not_found')).toEqual({ reason, retryable });
    },
  );

  it('holds v1 types only, each once', () => {
    const types = unipileErrorTable.map((row) => row.type);

    expect(types.every((type) => /^errors\/[a-z0-9_]+$/.test(type))).toBe(true);
    expect(new Set(types).size).toBe(types.length);
  });

  it('reads any 429 as the network throttling the account (v1 documents no other 429)', () => {
    expect(meaningOf(429, '', 'x')).toEqual({ reason: 'provider_rate_limited', retryable: true });
    expect(meaningOf(429, 'errors/something_new', 'x')).toEqual({ reason: 'provider_rate_limited', retryable: true });
  });

  it('falls back by status for a type it does not know', () => {
    expect(meaningOf(404, 'errors/resource_not_found', 'profile_not_found')).toEqual({ reason: 'profile_not_found', retryable: false });
    expect(meaningOf(503, 'errors/no_channel', 'x')).toEqual({ reason: 'provider_unavailable', retryable: true });
    expect(meaningOf(504, '', 'x')).toEqual({ reason: 'provider_timeout', retryable: true });
    expect(meaningOf(403, 'errors/session_mismatch', 'x')).toEqual({ reason: 'provider_auth_failed', retryable: false });
    expect(meaningOf(422, 'errors/blocked_recipient', 'x')).toEqual({ reason: 'blocked_recipient', retryable: false });
    expect(meaningOf(400, '', 'x')).toEqual({ reason: 'provider_rejected', retryable: false });
  });

  it('is the table docs/unipile.md gives, row for row', () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/unipile.md'), 'utf8');
    const documented = new Map(
      [...doc.matchAll(/^\| (\d{3}) \| `(errors\/[a-z0-9_]+)` \| `([a-z_]+)` \|/gm)].map((m) => [
        m[2],
        { status: Number(m[1]), reason: m[3] },
      ]),
    );

    for (const row of unipileErrorTable)
      expect([row.type, documented.get(row.type)]).toEqual([row.type, { status: row.status, reason: row.reason }]);
    expect(documented.size).toBe(unipileErrorTable.length);
  });
});
