import type { Config } from '../config';
import { secretOf } from '../secrets';
import type { Db } from '../store/client';
import { countingCalls } from './counted-provider';
import type { NetworkProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { UnipileProvider } from './unipile';

/** The provider this stage is configured for (NETWORK_PROVIDER), its calls counted (lib/metrics.ts). */
export function createProvider(config: Config, db: Db): NetworkProvider {
  if (config.NETWORK_PROVIDER === 'unipile') {
    return countingCalls(
      new UnipileProvider({ dsn: config.UNIPILE_DSN, apiKey: secretOf('UNIPILE_API_KEY', config), timeoutMs: config.UNIPILE_TIMEOUT_MS }),
    );
  }
  return countingCalls(new SandboxProvider(db, { autoAcceptSeconds: config.SANDBOX_AUTO_ACCEPT_SECONDS }));
}
