import { getConfig } from '../config';
import type { NetworkProvider } from '../network/provider';
import { createProvider } from '../network/providers';
import { defaultSqs } from '../queue/client';
import { secretOf } from '../secrets';
import type { Secret } from '../secrets';
import { defaultDb } from '../store/client';
import type { EventDeps } from '../webhooks/emit-event';
import { eventDeps } from '../webhooks/emit-event';

/** What connecting an account through a link needs. */
export interface ConnectDeps extends EventDeps {
  /** The configured network provider: it makes the links, and names the logins they connect. */
  provider: NetworkProvider;
  /** CONNECT_LINK_SECRET: signs the links' state; no link is made while it is empty. */
  secret: Secret;
  /** How long a new link stays usable. */
  expirySeconds: number;
  /** Local mode only: a success redirect may be http to this machine (WEBHOOK_ALLOW_HTTP_LOCALHOST). */
  allowHttpLocalhost: boolean;
  /** How long a login the provider just connected may take to answer (CONNECT_LOGIN_READY_SECONDS); 0 asks once. */
  loginReadySeconds?: number;
}

/** The dependencies as deployed: built once per cold start from the configuration. */
export function defaultConnectDeps(): ConnectDeps {
  const config = getConfig();
  const db = defaultDb();
  return {
    db,
    sqs: defaultSqs(),
    ...eventDeps(config),
    provider: createProvider(config, db),
    secret: secretOf('CONNECT_LINK_SECRET', config),
    expirySeconds: config.CONNECT_LINK_EXPIRY_SECONDS,
    allowHttpLocalhost: config.WEBHOOK_ALLOW_HTTP_LOCALHOST,
    loginReadySeconds: config.CONNECT_LOGIN_READY_SECONDS,
  };
}
