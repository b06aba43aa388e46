import { ApiKeyCache } from '../../../../lib/auth/authenticate';

describe('ApiKeyCache', () => {
  const principal = { workspaceId: 'acme', keyId: 'key_1' };

  it('returns a cached principal until its time is up', () => {
    const cache = new ApiKeyCache(60_000);
    cache.set('h', principal, 1_000);

    expect(cache.get('h', 60_999)).toEqual(principal);
    expect(cache.get('h', 61_000)).toBeUndefined();
  });

  it('evicts the oldest entry past its size', () => {
    const cache = new ApiKeyCache(60_000, 2);
    cache.set('a', principal, 0);
    cache.set('b', principal, 0);
    cache.set('c', principal, 0);

    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toEqual(principal);
    expect(cache.get('c', 1)).toEqual(principal);
  });

  it('caches nothing when its time to live is zero', () => {
    const cache = new ApiKeyCache(0);
    cache.set('a', principal, 0);

    expect(cache.get('a', 0)).toBeUndefined();
  });
});
