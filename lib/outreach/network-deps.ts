import type { Config } from '../config';
import { getConfig } from '../config';
import { createProvider } from '../network/providers';
import { secretOf } from '../secrets';
import { defaultSqs } from '../queue/client';
import { defaultDb } from '../store/client';
import { eventDeps } from '../webhooks/emit-event';
import type { WatchDeps } from './watch/connection-watch';
import type { WebhookDeps } from './provider-webhook/provider-webhook';
import { retryDelaySeconds } from './run/retry-policy';
import type { RunActionDeps } from './run/run-action-deps';
import { defaultSubmitJobDeps } from './default-deps';

/**
 * Dependencies, as deployed, of the use cases that reach the network provider (its API key a
 * secret) or the provider's webhook secret: built once per cold start from the configuration.
 */
/** What each of them has: the table, the actions queue, and where its events are announced. */
function actionsQueueDeps(config: Config) {
  return { db: defaultDb(), sqs: defaultSqs(), actionsQueueUrl: config.ACTIONS_QUEUE_URL, ...eventDeps(config) };
}

export function defaultRunActionDeps(): RunActionDeps {
  const config = getConfig();
  return {
    ...actionsQueueDeps(config),
    provider: createProvider(config, defaultDb()),
    maxAttempts: config.ACTION_MAX_ATTEMPTS,
    retryDelaySeconds: (attempt, retryAfterSeconds) =>
      retryDelaySeconds(attempt, retryAfterSeconds, Math.random, config.ACTION_RETRY_BASE_SECONDS),
    connectionExpirySeconds: config.CONNECTION_EXPIRY_SECONDS,
    accountRecheckSeconds: config.ACCOUNT_RECHECK_SECONDS,
    disconnectedFailSeconds: config.ACCOUNT_DISCONNECTED_FAIL_SECONDS,
    signalCooldowns: {
      throttledSeconds: config.PROVIDER_THROTTLE_COOLDOWN_SECONDS,
      restrictedSeconds: config.ACCOUNT_RESTRICTED_COOLDOWN_SECONDS,
    },
    // A published post's likes and comments are jobs of their own, submitted as the endpoints do.
    amplify: defaultSubmitJobDeps(),
  };
}

export function defaultWebhookDeps(): WebhookDeps {
  const config = getConfig();
  return {
    ...actionsQueueDeps(config),
    secret: secretOf('UNIPILE_WEBHOOK_SECRET', config),
  };
}

export function defaultWatchDeps(): WatchDeps {
  const config = getConfig();
  return {
    ...actionsQueueDeps(config),
    provider: createProvider(config, defaultDb()),
  };
}
