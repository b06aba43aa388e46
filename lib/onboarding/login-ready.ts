import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from '../errors';
import type { NetworkProvider } from '../network/provider';
import type { OwnProfile } from '../network/network-actions';

/** What a login that is not ready yet may answer: Unipile knows it not yet, or has no session for it yet. */
const notReadyReasons = new Set(['account_not_found', 'account_disconnected']);

/**
 * The connected login's own profile, asked again with backoff while the login is not ready: after
 * `CREATION_SUCCESS` an account "can take few seconds to be able to perform requests" (Unipile,
 * "Account status updates", developer.unipile.com/docs/account-lifecycle). A refusal that can pass
 * (a 5xx, a 429, a timeout, a login not found yet) is asked again 0.25 s, 0.5 s, 1 s, … later, until
 * `budgetSeconds` would be overrun; then the last refusal is thrown, for the caller to answer.
 */
export async function ownProfileWhenReady(
  provider: NetworkProvider,
  providerAccountId: string,
  budgetSeconds: number,
): Promise<OwnProfile> {
  const deadline = Date.now() + budgetSeconds * 1000;
  for (let delayMs = 250; ; delayMs *= 2) {
    try {
      return await provider.getOwnProfile(providerAccountId);
    } catch (error) {
      const mayPass = error instanceof ProviderError && (error.retryable || notReadyReasons.has(error.reason));
      if (!mayPass || Date.now() + delayMs > deadline) throw error;
      await sleep(delayMs);
    }
  }
}
