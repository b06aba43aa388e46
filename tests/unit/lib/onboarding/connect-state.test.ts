import { createHmac } from 'node:crypto';
import { connectStateHash, signConnectState, verifyConnectState } from '../../../../lib/onboarding/connect-state';

const secret = 'test-connect-link-secret';
const now = new Date('2026-11-20T15:00:00.000Z');
const inAnHour = new Date('2026-11-20T16:00:00.000Z');

/** The parts of a token: version, payload, signature. */
function partsOf(token: string): [string, string, string] {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  return parts as [string, string, string];
}

/** A token for `payload`, signed with `key` as the service signs. */
function signed(payload: unknown, key = secret): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `v1.${body}.${createHmac('sha256', key).update(`v1.${body}`).digest('base64url')}`;
}

describe('connect link state', () => {
  it('names the workspace and the expiry (to the second), and verifies until then', () => {
    const token = signConnectState(secret, 'acme', new Date('2026-11-20T16:00:00.999Z'));

    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyConnectState(secret, token, now)).toEqual({ ok: true, state: { workspaceId: 'acme', expiresAt: inAnHour } });
    expect(verifyConnectState(secret, token, new Date(inAnHour.getTime() - 1))).toMatchObject({ ok: true });
  });

  it('is unguessable: two states of the same workspace and expiry differ, and so do their hashes', () => {
    const first = signConnectState(secret, 'acme', inAnHour);
    const second = signConnectState(secret, 'acme', inAnHour);

    expect(first).not.toBe(second);
    expect(connectStateHash(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(connectStateHash(first)).not.toBe(connectStateHash(second));
    expect(connectStateHash(first)).not.toContain(partsOf(first)[2]);
  });

  it('refuses an expired state, saying when it expired', () => {
    const token = signConnectState(secret, 'acme', inAnHour);

    expect(verifyConnectState(secret, token, inAnHour)).toEqual({ ok: false, reason: 'expired', expiresAt: inAnHour });
    expect(verifyConnectState(secret, token, new Date('2027-01-01T00:00:00Z'))).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses a state signed with another secret (forged)', () => {
    const forged = signConnectState('another-secret', 'acme', inAnHour);
    const handMade = signed({ w: 'acme', e: inAnHour.getTime() / 1000, n: 'x' }, 'guess');

    expect(verifyConnectState(secret, forged, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyConnectState(secret, handMade, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered payload: another workspace, a later expiry', () => {
    const token = signConnectState(secret, 'acme', inAnHour);
    const [version, payload, signature] = partsOf(token);
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const retyped = (changes: Record<string, unknown>) =>
      `${version}.${Buffer.from(JSON.stringify({ ...fields, ...changes })).toString('base64url')}.${signature}`;

    expect(verifyConnectState(secret, retyped({ w: 'other' }), now)).toEqual({ ok: false, reason: 'invalid' });
    // Not even "expired": a tampered expiry is not ours, whatever it says.
    expect(verifyConnectState(secret, retyped({ e: 0 }), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyConnectState(secret, retyped({ e: 4_000_000_000 }), now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered signature, its last character included (whose low bits base64url decoders ignore)', () => {
    const token = signConnectState(secret, 'acme', inAnHour);
    const [version, payload, signature] = partsOf(token);
    const last = signature.at(-1)!;
    // The character whose 6 bits differ from `last`'s only in the 2 low bits a 32-byte decoder drops.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const altered = `${version}.${payload}.${signature.slice(0, -1)}${sibling}`;

    expect(Buffer.from(altered.split('.')[2]!, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifyConnectState(secret, altered, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyConnectState(secret, `${version}.${payload}.${'A'.repeat(43)}`, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses anything malformed without trying to read it', () => {
    const token = signConnectState(secret, 'acme', inAnHour);
    const [, payload, signature] = partsOf(token);

    for (const malformed of [
      '',
      'v1',
      token.slice(0, -1),
      `${token}x`,
      `v2.${payload}.${signature}`,
      `v1.${payload}.${signature}.extra`,
      `v1..${signature}`,
      `v1.${'a'.repeat(401)}.${signature}`,
      `v1.${payload}/../x.${signature}`,
      signed('not an object'),
      signed({ w: '', e: inAnHour.getTime() / 1000 }),
      signed({ w: 'acme', e: 'tomorrow' }),
      signed({ w: 'acme', e: 1.5e300 }),
      `v1.${Buffer.from('{not json').toString('base64url')}.${createHmac('sha256', secret)
        .update(`v1.${Buffer.from('{not json').toString('base64url')}`)
        .digest('base64url')}`,
    ]) {
      expect({ malformed, check: verifyConnectState(secret, malformed, now) }).toEqual({
        malformed,
        check: { ok: false, reason: 'invalid' },
      });
    }
  });

  it('verifies nothing, and signs nothing, without a secret', () => {
    const token = signConnectState(secret, 'acme', inAnHour);

    expect(verifyConnectState('', token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(() => signConnectState('', 'acme', inAnHour)).toThrow(/secret is empty/);
  });
});
