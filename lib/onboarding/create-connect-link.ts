import { NotFoundError, ValidationError } from '../errors';
import { publicUrl } from '../http/links';
import type { ConnectLinkRequest } from '../schemas/connect-link';
import { getAccount } from '../store/accounts';
import type { ConnectLink } from '../store/connect-links';
import { putConnectLink } from '../store/connect-links';
import { epochSeconds } from '../store/keys';
import type { ConnectDeps } from './connect-deps';
import { linksNotConfigured } from './connect-link-refusals';
import { connectStateHash, signConnectState } from './connect-state';

/** What `POST /api/v1/accounts/connect-link` answers: the link to give the account's owner, and until when it works. */
export interface ConnectLinkCreated {
  url: string;
  expiresAt: string;
}

/** The sandbox's connect page for a state: the person opens it, and its form posts back to it. */
export function connectPagePath(token: string): string {
  return `/connect/${token}`;
}

/** Where the provider reports the connection (Unipile's `notify_url`). */
export function connectNotifyPath(token: string): string {
  return `${connectPagePath(token)}/notify`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The success redirect as given, once it is https (or http to this machine, in local mode only). */
function checkedRedirect(deps: Pick<ConnectDeps, 'allowHttpLocalhost'>, url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' || (deps.allowHttpLocalhost && LOOPBACK_HOSTS.has(parsed.hostname))) return parsed.href;
  throw new ValidationError([
    {
      path: 'successRedirectUrl',
      message: deps.allowHttpLocalhost ? 'must be an https URL (or http to localhost)' : 'must be an https URL',
    },
  ]);
}

/**
 * A link that connects a login of the network to the workspace, as a new account, or again to the
 * account `reconnectAccountId` (404 when the workspace has no such account). Its state is signed and
 * stored; the link is this service's connect page for it (`/connect/<state>`), which asks the
 * provider for its own page only when a person opens it.
 * 501 while CONNECT_LINK_SECRET is empty (and, with Unipile, while the service's public address,
 * where Unipile reports, is unknown).
 */
export async function createConnectLink(
  deps: ConnectDeps,
  workspaceId: string,
  request: ConnectLinkRequest,
  now: Date,
): Promise<ConnectLinkCreated> {
  const secret = await deps.secret();
  if (!secret) throw linksNotConfigured('its operator has not set CONNECT_LINK_SECRET');
  const publicBaseUrl = deps.publicBaseUrl ?? '';
  if (deps.provider.name === 'unipile' && !publicBaseUrl) throw linksNotConfigured('its public address (PUBLIC_BASE_URL) is unknown');
  const successRedirectUrl = checkedRedirect(deps, request.successRedirectUrl);
  const account = request.reconnectAccountId === undefined ? undefined : await getAccount(deps.db, workspaceId, request.reconnectAccountId);
  if (request.reconnectAccountId !== undefined && !account) {
    throw new NotFoundError(`No account ${JSON.stringify(request.reconnectAccountId)} in this workspace.`);
  }

  // To the second: the state carries epoch seconds, and says the same time as the answer.
  const expiresAt = new Date((epochSeconds(now) + deps.expirySeconds) * 1000);
  const token = signConnectState(secret, workspaceId, expiresAt);
  const tokenHash = connectStateHash(token);
  const link: ConnectLink = {
    tokenHash,
    workspaceId,
    type: account ? 'reconnect' : 'create',
    provider: deps.provider.name,
    // Not the token: the provider shows it in its dashboard and echoes it in its report.
    reference: `cl_${tokenHash.slice(0, 32)}`,
    ...(request.name !== undefined ? { name: request.name } : {}),
    ...(account ? { reconnectAccountId: account.accountId, reconnectProviderAccountId: account.providerAccountId } : {}),
    ...(successRedirectUrl !== undefined ? { successRedirectUrl } : {}),
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(expiresAt),
  };
  await putConnectLink(deps.db, link);

  // This service's page, for every provider: opened, it asks the provider for a page of its own
  // then (Unipile's hosted links expire at its daily restart, whatever their expiry: provider-page.ts).
  return { url: publicUrl(publicBaseUrl, connectPagePath(token)), expiresAt: expiresAt.toISOString() };
}
