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
  let publicId: string | undefined;
  try {
    publicId = normalisePublicId(decodeURIComponent(match[1]));
  } catch {
    return undefined;
  }
  return publicId === undefined ? undefined : profileUrlOf(publicId);
}

/** A public identifier (`/in/<id>`), lower-cased; undefined when it cannot be one (3–100 letters, digits, `-`, `_`). */
export function normalisePublicId(input: string): string | undefined {
  const publicId = input.trim().toLowerCase();
  return /^[\p{L}\p{N}_-]{3,100}$/u.test(publicId) ? publicId : undefined;
}

/** The normalised profile URL of a (normalised) public identifier. */
export function profileUrlOf(publicId: string): string {
  return `https://www.linkedin.com/in/${encodeURIComponent(publicId)}`;
}

/** The public identifier (`/in/<id>`) of a normalised profile URL. */
export function profilePublicId(normalisedUrl: string): string {
  return decodeURIComponent(normalisedUrl.slice('https://www.linkedin.com/in/'.length));
}
