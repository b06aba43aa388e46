import { pauseFor } from '../../../../../lib/outreach/safety/provider-signals';
import { ProviderError } from '../../../../../lib/errors';

const limits = { timezone: 'Europe/Paris', workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] } };
const cooldowns = { throttledSeconds: 3600, restrictedSeconds: 86_400 };
const now = new Date('2025-01-15T10:00:00Z'); // Wed 11:00 Paris
const refusal = (reason: string, options: { retryAfterSeconds?: number } = {}) =>
  new ProviderError(reason, `the network said ${reason}`, false, options);

describe('pauseFor', () => {
  it("the network's limit for a kind pauses that kind until the next working day; invitations until the next week", () => {
    expect(pauseFor(refusal('limit_exceeded'), 'reaction', limits, cooldowns, now)).toEqual({
      scope: 'reaction',
      pause: {
        until: '2025-01-16T08:00:00.000Z',
        reason: 'provider_limit',
        since: now.toISOString(),
        signal: { reason: 'limit_exceeded', message: 'the network said limit_exceeded' },
      },
    });
    expect(pauseFor(refusal('limit_exceeded'), 'invitation', limits, cooldowns, now)?.pause.until).toBe('2025-01-20T08:00:00.000Z');
  });

  it("the network's throttling pauses the whole account for its retry-after, else the cool-down", () => {
    expect(pauseFor(refusal('provider_rate_limited', { retryAfterSeconds: 90 }), 'message', limits, cooldowns, now)).toMatchObject({
      scope: 'all',
      pause: { until: '2025-01-15T10:01:30.000Z', reason: 'provider_throttled' },
    });
    expect(pauseFor(refusal('provider_rate_limited'), 'message', limits, cooldowns, now)?.pause.until).toBe('2025-01-15T11:00:00.000Z');
  });

  it('a restriction pauses the whole account for the restriction cool-down', () => {
    expect(pauseFor(refusal('account_restricted'), undefined, limits, cooldowns, now)).toMatchObject({
      scope: 'all',
      pause: { until: '2025-01-16T10:00:00.000Z', reason: 'account_restricted' },
    });
  });

  it("says nothing of refusals about one action, nor of the API's own rate limit", () => {
    for (const reason of ['rate_limited', 'post_not_found', 'provider_unavailable', 'email_required', 'comments_disabled']) {
      expect(pauseFor(refusal(reason), 'reaction', limits, cooldowns, now)).toBeUndefined();
    }
  });
});
