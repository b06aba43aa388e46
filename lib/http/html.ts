/**
 * Helpers for server-rendered HTML. Every value that reaches a page goes through `escapeHtml`
 * (text and attribute values alike, attributes always double-quoted), and every link through
 * `safeHttpUrl`, so that nothing a caller sends can add markup, a script or a `javascript:` link.
 */
import { createHash } from 'node:crypto';
import { safeHttpUrl } from '../schemas/http-url';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes the five characters that are special in HTML, so the result is safe as text content
 * (also inside `<textarea>` and `<title>`) and as a quoted attribute value. Not for unquoted
 * attributes, `<script>` or `<style>`: pages here have none of those with dynamic content.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A link to `url` showing `text`, when the URL is a safe http(s) one; else `text` alone, as plain
 * text. Both escaped. External links get `rel="noopener noreferrer"` so that the page they open
 * neither learns this page's address (which may hold a secret) nor gets a handle on it.
 */
export function linkHtml(url: string, text: string = url): string {
  const safe = safeHttpUrl(url);
  return safe ? `<a href="${escapeHtml(safe)}" rel="noopener noreferrer">${escapeHtml(text)}</a>` : escapeHtml(text);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A `<time>` reading `21 Nov 2026, 19:27 UTC` (built by hand: the same on every runtime); shown as is when it does not parse. */
export function timeHtml(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const shown = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
  return `<time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(shown)}</time>`;
}

/** A `<time>` reading `21 Nov 2026` for a day (`YYYY-MM-DD`); shown as is when it does not parse. */
export function dayHtml(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return escapeHtml(day);
  return `<time datetime="${escapeHtml(day)}">${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}</time>`;
}

/**
 * Headers of a page of ours: HTML, `csp` as its Content-Security-Policy, and what every page has
 * (no referrer, no framing, no MIME sniffing).
 */
export function htmlPageHeaders(csp: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * A link to one of the service's own pages: a path of this origin (`/reports/…`, as links are made
 * while the public address is unknown) or an absolute http(s) URL (as they are once it is known).
 * Anything else (`//host`, `javascript:`) is shown as `text` alone.
 */
export function ownLinkHtml(link: string, text: string): string {
  if (/^\/(?![/\\])/.test(link)) return `<a href="${escapeHtml(link)}">${escapeHtml(text)}</a>`;
  return linkHtml(link, text);
}

/**
 * Headers of a page that only shows what it is given (a report): its one stylesheet allowed by hash
 * and nothing else, so no script, image, font, connection, form, frame or base, and even markup that
 * escaped escaping could neither run, load nor send anything; no referrer (its address holds a
 * link's secret token), no caching, no indexing.
 */
export function readOnlyPageHeaders(style: string): Record<string, string> {
  return {
    ...htmlPageHeaders(
      `default-src 'none'; style-src ${styleSource(style)}; img-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    ),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/**
 * The CSP source that allows exactly `style`, a page's one inline stylesheet, by its hash: no other
 * stylesheet, nor a style attribute, applies (`'unsafe-inline'` would let injected markup restyle
 * the page, hide a warning, or dress a link up as a button).
 */
export function styleSource(style: string): string {
  return `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
}

/**
 * A whole page: `title` is plain text, `style` the page's own stylesheet (inline: pages load nothing
 * from elsewhere), `body` HTML whose dynamic parts are already escaped. The meta referrer repeats the
 * header for anyone who saves or re-serves the page; pages hold secrets in their address.
 */
export function htmlDocument(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
