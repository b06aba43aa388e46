import { createHash } from 'node:crypto';

/** `If-None-Match` holds `etag` (or `*`); weak validators compare as strong ones here (the text never varies by encoding). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/** The text with its validators, or 304 when the caller has it already. */
type CachedAnswer =
  { status: 200; text: string; headers: Record<string, string> } | { status: 304; text?: undefined; headers: Record<string, string> };

/** How long a cache may keep the document and the page: they change only with a deployment. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/**
 * A fixed text (`render` returns a constant generated at build time) answered with an ETag, hashed
 * once per container on first use: 200 with the text, or 304 when `If-None-Match` already has it.
 */
export function cacheableRepresentation(
  render: () => string,
  headers: Record<string, string>,
): (requestHeaders: Record<string, string | undefined>) => CachedAnswer {
  let rendered: { text: string; etag: string } | undefined;
  return (requestHeaders) => {
    if (!rendered) {
      const text = render();
      rendered = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    }
    const validators = { etag: rendered.etag, 'cache-control': PUBLIC_CACHE_CONTROL };
    if (matches(requestHeaders['if-none-match'], rendered.etag)) return { status: 304, headers: validators };
    return { status: 200, text: rendered.text, headers: { ...headers, ...validators } };
  };
}
