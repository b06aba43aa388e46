import type { ActionKind } from '../../schemas/action-kind';
import type { AccountPause, PauseScope } from '../../store/send-schedule';
import type { EffectiveLimits } from './safety-defaults';
import { deferAfterLimit } from './schedule-action';
import type { ProviderError } from '../../errors';

/** How long the account waits after a signal that says no time of its own. */
export interface SignalCooldowns {
  /** The network throttles the account (a 429 of its own) without a `retry-after`. */
  throttledSeconds: number;
  /** The network restricted the account (or asks for a checkpoint): a person has to look first. */
  restrictedSeconds: number;
}

/** A throttled account waits an hour, a restricted one a day (config: PROVIDER_THROTTLE_COOLDOWN_SECONDS, ACCOUNT_RESTRICTED_COOLDOWN_SECONDS). */
export const defaultSignalCooldowns: SignalCooldowns = { throttledSeconds: 3600, restrictedSeconds: 86_400 };

/**
 * What a refusal of the network says about the account itself, beyond the one action, or
 * undefined when it says nothing of it:
 * - `limit_exceeded`: the network's own limit for that kind of touch is reached: that kind waits
 *   until the account's next working day (invitations: its next ISO week), the rest goes on;
 * - `provider_rate_limited` (the network's own 429, not Unipile's API limit): the whole account
 *   waits for its `retry-after`, else the throttle cool-down;
 * - `account_restricted` (a restriction or a checkpoint): the whole account waits the restriction
 *   cool-down.
 */
export function pauseFor(
  error: ProviderError,
  kind: ActionKind | undefined,
  limits: Pick<EffectiveLimits, 'timezone' | 'workingHours'>,
  cooldowns: SignalCooldowns,
  now: Date,
): { scope: PauseScope; pause: AccountPause } | undefined {
  const since = now.toISOString();
  const signal = { reason: error.reason, message: error.message.slice(0, 300) };
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  switch (error.reason) {
    case 'limit_exceeded': {
      if (!kind) return undefined;
      const until = deferAfterLimit(now, limits.timezone, limits.workingHours, kind === 'invitation' ? 'weekly' : 'daily');
      return { scope: kind, pause: { until: until.toISOString(), reason: 'provider_limit', since, signal } };
    }
    case 'provider_rate_limited':
      return {
        scope: 'all',
        pause: { until: after(error.retryAfterSeconds ?? cooldowns.throttledSeconds), reason: 'provider_throttled', since, signal },
      };
    case 'account_restricted':
      return { scope: 'all', pause: { until: after(cooldowns.restrictedSeconds), reason: 'account_restricted', since, signal } };
    default:
      return undefined;
  }
}
