import { isNetworkHost } from './post-url';

/**
 * Normalises a profile URL of the network to `https://www.linkedin.com/in/<public-id>`:
 * scheme, host variant (`www.`, country, mobile), trailing slash, case, query and fragment
 * do not make another person. `undefined` when it is not a `/in/<id>` profile URL.
 */
export function normaliseProfileUrl(input: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (!['https:', 'http:'].includes(url.protocol) || !isNetworkHost(url.hostname) || url.username || url.password) {
    return undefined;
  }
  const match = /^\/in\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1]) return undefined;
  let publicId: string;
  try {
    publicId = decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return undefined;
  }
  if (!/^[\p{L}\p{N}_-]{3,100}$/u.test(publicId)) return undefined;
  return `https://www.linkedin.com/in/${encodeURIComponent(publicId)}`;
}

/** The public identifier (`/in/<id>`) of a normalised profile URL. */
export function profilePublicId(normalisedUrl: string): string {
  return decodeURIComponent(normalisedUrl.slice('https://www.linkedin.com/in/'.length));
}
