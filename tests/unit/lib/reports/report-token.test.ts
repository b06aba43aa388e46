import { createHmac } from 'node:crypto';
import { signConnectState } from '../../../../lib/onboarding/connect-state';
import { signReportToken, verifyReportToken } from '../../../../lib/reports/report-token';

const secret = 'test-report-link-secret';
const now = new Date('2026-11-20T15:00:00.000Z');
const inThirtyDays = new Date('2026-12-20T15:00:00.000Z');
const grant = { workspaceId: 'acme', callId: 'gong-7781', expiresAt: inThirtyDays };

/** The parts of a token: version, payload, signature. */
function partsOf(token: string): [string, string, string] {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  return parts as [string, string, string];
}

/** A token for `payload`, signed with `key` the way the service signs (purpose included). */
function signed(payload: unknown, key = secret, purpose = 'transcript-report'): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `r1.${body}.${createHmac('sha256', key).update(`${purpose}.r1.${body}`).digest('base64url')}`;
}

describe('report link token', () => {
  it('names the workspace, the call and the expiry (to the second), and verifies until then', () => {
    const token = signReportToken(secret, { ...grant, expiresAt: new Date('2026-12-20T15:00:00.999Z') });

    expect(token).toMatch(/^r1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyReportToken(secret, token, now)).toEqual({ ok: true, grant });
    expect(verifyReportToken(secret, token, new Date(inThirtyDays.getTime() - 1))).toMatchObject({ ok: true });
  });

  it('is the same token for the same grant (nothing random, nothing stored), and another for another call', () => {
    expect(signReportToken(secret, grant)).toBe(signReportToken(secret, grant));
    expect(signReportToken(secret, { ...grant, callId: 'gong-7782' })).not.toBe(signReportToken(secret, grant));
    expect(signed({ w: 'acme', c: 'gong-7781', e: inThirtyDays.getTime() / 1000 })).toBe(signReportToken(secret, grant));
  });

  it('carries the longest call id (128 characters of any allowed kind)', () => {
    const callId = `${'A1._:@+=-'.repeat(14)}ab`;
    expect(callId).toHaveLength(128);

    expect(verifyReportToken(secret, signReportToken(secret, { ...grant, callId }), now)).toEqual({
      ok: true,
      grant: { ...grant, callId },
    });
  });

  it('refuses an expired token, saying when it expired', () => {
    const token = signReportToken(secret, grant);

    expect(verifyReportToken(secret, token, inThirtyDays)).toEqual({ ok: false, reason: 'expired', expiresAt: inThirtyDays });
    expect(verifyReportToken(secret, token, new Date('2027-06-01T00:00:00Z'))).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret (forged), or made for another purpose with the same secret', () => {
    const payload = { w: 'acme', c: 'gong-7781', e: inThirtyDays.getTime() / 1000 };

    expect(verifyReportToken(secret, signReportToken('another-secret', grant), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReportToken(secret, signed(payload, 'guess'), now)).toEqual({ ok: false, reason: 'invalid' });
    // The same secret, without the report's purpose: no other token of the service passes for one.
    expect(verifyReportToken(secret, signed(payload, secret, 'connect'), now)).toEqual({ ok: false, reason: 'invalid' });
    const state = signConnectState(secret, 'acme', inThirtyDays);
    expect(verifyReportToken(secret, `r1.${state.slice(3)}`, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered payload: another workspace, another call, a later expiry', () => {
    const [version, payload, signature] = partsOf(signReportToken(secret, grant));
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const retyped = (changes: Record<string, unknown>) =>
      `${version}.${Buffer.from(JSON.stringify({ ...fields, ...changes })).toString('base64url')}.${signature}`;

    expect(verifyReportToken(secret, retyped({ w: 'other' }), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReportToken(secret, retyped({ c: 'gong-1' }), now)).toEqual({ ok: false, reason: 'invalid' });
    // Not even "expired": a tampered expiry is not ours, whatever it says.
    expect(verifyReportToken(secret, retyped({ e: 0 }), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReportToken(secret, retyped({ e: 4_000_000_000 }), now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered signature, its last character included (whose low bits base64url decoders ignore)', () => {
    const [version, payload, signature] = partsOf(signReportToken(secret, grant));
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const altered = `${version}.${payload}.${signature.slice(0, -1)}${sibling}`;

    expect(Buffer.from(altered.split('.')[2]!, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifyReportToken(secret, altered, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyReportToken(secret, `${version}.${payload}.${'A'.repeat(43)}`, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses anything malformed, and every token while the secret is empty', () => {
    const token = signReportToken(secret, grant);
    const [, payload, signature] = partsOf(token);

    for (const bad of [
      '',
      'r1',
      'r1..',
      `v1.${payload}.${signature}`,
      `r1.${payload}`,
      `${token}.x`,
      `${token} `,
      `r1.${payload}.${signature}=`,
    ]) {
      expect(verifyReportToken(secret, bad, now)).toEqual({ ok: false, reason: 'invalid' });
    }
    // Signed well, but not the fields a grant has.
    for (const fields of [
      { w: 'acme', e: 1_900_000_000 },
      { w: '', c: 'x', e: 1_900_000_000 },
      { w: 'acme', c: 'x', e: '1900000000' },
      null,
      [],
    ]) {
      expect(verifyReportToken(secret, signed(fields), now)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifyReportToken('', token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(() => signReportToken('', grant)).toThrow(/secret is empty/);
  });
});
