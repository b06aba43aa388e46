import type { NetworkProvider } from '../../../../lib/network/provider';
import type { ReactInput } from '../../../../lib/network/network-actions';
import { emfMetrics, withMetricsOn } from '../../../helpers/emf';

/**
 * Every call to the configured provider is counted (ProviderCalls), and every failed one by its
 * failure type too (ProviderFailures, ProviderErrors): lib/network/counted-provider.ts around it.
 * The provider underneath is a stand-in that answers or fails as told: the network's failures
 * injected at its boundary.
 */
let lib: {
  counted: typeof import('../../../../lib/network/counted-provider');
  metrics: typeof import('../../../../lib/metrics');
  errors: typeof import('../../../../lib/errors');
};
let printed: () => string;
let stop: () => void;

beforeEach(async () => {
  ({
    modules: lib,
    printed,
    stop,
  } = await withMetricsOn(async () => ({
    counted: await import('../../../../lib/network/counted-provider'),
    metrics: await import('../../../../lib/metrics'),
    // The ProviderError class the counter knows, loaded with it.
    errors: await import('../../../../lib/errors'),
  })));
});
afterEach(() => stop());

const failWith = (error: unknown) => async () => {
  throw error;
};
const reacted = { provider: 'sandbox' as const, outcome: 'reacted' };
const input = {} as ReactInput;

describe('countingCalls', () => {
  it('answers as the provider does, and counts each call, each failure by type', async () => {
    const { ProviderError } = lib.errors;
    const provider: NetworkProvider = {
      name: 'sandbox',
      react: async () => reacted,
      comment: failWith(new ProviderError('rate_limited', 'Too many requests.', true, { status: 429 })),
      resolveProfile: failWith(new Error('socket hang up')),
      invite: failWith(new ProviderError('already_invited', 'Invited already.', false)),
      sendMessage: async () => ({ provider: 'sandbox', outcome: 'messaged' }),
      publishPost: async () => ({ provider: 'sandbox', outcome: 'posted' }),
      listRelations: async () => ({ relations: [] }),
      createConnectLink: async () => ({ url: 'https://sandbox.example/connect' }),
      getOwnProfile: async () => ({ profileUrl: 'https://www.linkedin.com/in/jane-doe', name: 'Jane Doe' }),
    };
    const counted = lib.counted.countingCalls(provider);

    await expect(counted.react(input)).resolves.toEqual(reacted);
    await expect(counted.comment({ ...input, text: 'Great post' })).rejects.toThrow('Too many requests.');
    await expect(counted.resolveProfile({ account: input.account, profileUrl: 'https://www.linkedin.com/in/x' })).rejects.toThrow(
      'socket hang up',
    );
    await expect(counted.invite({ account: input.account, providerId: 'ACoX' })).rejects.toThrow('Invited already.');
    await expect(counted.getOwnProfile('acc-1')).resolves.toMatchObject({ name: 'Jane Doe' });
    lib.metrics.flushMetrics();

    const metrics = emfMetrics(printed());
    expect(metrics.filter((metric) => metric.name === 'ProviderErrors').map((metric) => metric.dimensions.type)).toEqual([
      'rate_limited',
      'unexpected_error',
      'already_invited',
    ]);
    expect(metrics.filter((metric) => metric.name !== 'ProviderErrors').map((metric) => [metric.name, metric.value])).toEqual([
      ['ProviderCalls', [1, 1, 1, 1, 1]],
      ['ProviderFailures', [1, 1, 1]],
    ]);
    expect(counted.name).toBe('sandbox');
  });
});
