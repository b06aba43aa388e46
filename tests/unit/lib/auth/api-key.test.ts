import { generateApiKey, hashApiKey, isWellFormedApiKey } from '../../../../lib/auth/api-key';

describe('api keys', () => {
  it('generates wsk_ keys with enough randomness and a valid checksum', () => {
    const { key, hash, prefix } = generateApiKey();

    expect(key).toMatch(/^wsk_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.startsWith(prefix)).toBe(true);
    // The random part, measured on the key made: its length in base62 characters carries log2(62) bits each.
    const random = key.split('_')[1]!;
    expect(random.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
  });

  it('never generates the same key twice', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));

    expect(keys.size).toBe(200);
  });

  it('rejects a key with one character changed (checksum)', () => {
    const { key } = generateApiKey();
    const body = key.slice(4, 36);
    const changed = body[0] === 'a' ? `b${body.slice(1)}` : `a${body.slice(1)}`;

    expect(isWellFormedApiKey(`wsk_${changed}${key.slice(36)}`)).toBe(false);
  });

  it.each([
    '',
    'wsk_',
    'sk_live_abc',
    `wsk_${'a'.repeat(32)}`,
    `wsk_${'a'.repeat(31)}_abcdef`,
    `WSK_${'a'.repeat(32)}_abcdef`,
    ' '.repeat(40),
  ])('rejects the malformed key %j', (key) => {
    expect(isWellFormedApiKey(key)).toBe(false);
  });
});
