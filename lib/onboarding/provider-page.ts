import { publicUrl } from '../http/links';
import type { NetworkProvider } from '../network/provider';
import type { ConnectLink } from '../store/connect-links';
import type { ConnectDeps } from './connect-deps';
import { connectNotifyPath } from './create-connect-link';
import { askProvider } from './provider-failure';

/**
 * The provider's own page for a link, asked for now that a person opens it: Unipile's hosted auth
 * wizard, whose links "expire upon daily restart, regardless of their stated expiration date"
 * ("Hosted auth wizard", developer.unipile.com/docs/hosted-auth). Made at each opening, it is
 * always fresh; the link the workspace gave out (this service's page) stays the one to open again.
 * Its failures are the request's (provider-failure.ts): 503 with Retry-After, or 502 naming the reason.
 */
export async function providerPageOf(
  deps: Pick<ConnectDeps, 'publicBaseUrl'> & { provider: Required<Pick<NetworkProvider, 'createConnectLink'>> },
  token: string,
  link: ConnectLink,
): Promise<string> {
  const { url } = await askProvider(() =>
    deps.provider.createConnectLink({
      type: link.type,
      ...(link.reconnectProviderAccountId !== undefined ? { reconnectProviderAccountId: link.reconnectProviderAccountId } : {}),
      notifyUrl: publicUrl(deps.publicBaseUrl ?? '', connectNotifyPath(token)),
      reference: link.reference,
      expiresAt: new Date(link.expiresAt * 1000),
      ...(link.successRedirectUrl !== undefined ? { successRedirectUrl: link.successRedirectUrl } : {}),
    }),
  );
  return url;
}
