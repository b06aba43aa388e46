import { ownProfileWhenReady } from '../../../../lib/onboarding/login-ready';
import { ProviderError } from '../../../../lib/errors';
import type { NetworkProvider } from '../../../../lib/network/provider';

/** A provider whose getOwnProfile answers the given refusals first, then the profile (faults injected). */
function providerAnswering(...refusals: ProviderError[]) {
  const calls: number[] = [];
  const provider = {
    getOwnProfile: async () => {
      calls.push(Date.now());
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      return { profileUrl: 'https://www.linkedin.com/in/new-login', name: 'New Login' };
    },
  } as unknown as NetworkProvider;
  return { provider, calls };
}

const notReady = () => new ProviderError('provider_unavailable', 'No client session is currently running.', true, { status: 503 });

describe('ownProfileWhenReady', () => {
  it('asks again, later each time, while the login is not ready, then gives the profile', async () => {
    const { provider, calls } = providerAnswering(notReady(), new ProviderError('account_not_found', 'not yet', false), notReady());

    const profile = await ownProfileWhenReady(provider, 'acc-new', 5);

    expect(profile.name).toBe('New Login');
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(240);
    expect(gaps[1]!).toBeGreaterThanOrEqual(490);
    expect(gaps[2]!).toBeGreaterThanOrEqual(990);
  });

  it('throws at once a refusal that waiting cannot mend', async () => {
    const { provider, calls } = providerAnswering(new ProviderError('provider_auth_failed', 'key refused', false, { status: 401 }));

    await expect(ownProfileWhenReady(provider, 'acc-new', 5)).rejects.toMatchObject({ reason: 'provider_auth_failed' });
    expect(calls).toHaveLength(1);
  });

  it('gives up with the last refusal once the budget would be overrun; a budget of 0 asks once', async () => {
    const slow = providerAnswering(notReady(), notReady(), notReady(), notReady());
    const once = providerAnswering(notReady());

    await expect(ownProfileWhenReady(slow.provider, 'acc-new', 0.5)).rejects.toMatchObject({ reason: 'provider_unavailable' });
    await expect(ownProfileWhenReady(once.provider, 'acc-new', 0)).rejects.toMatchObject({ reason: 'provider_unavailable' });
    expect(slow.calls).toHaveLength(2);
    expect(once.calls).toHaveLength(1);
  });
});
