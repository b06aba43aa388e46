/**
 * The sandbox's connect page (`/connect/<state>`): plain server-rendered HTML that works without
 * JavaScript, where a person types the profile URL and name of the login they connect (the
 * sandbox's stand-in for the provider's hosted wizard). Pure functions, no I/O. Everything shown is
 * escaped and only http(s) URLs become links (lib/http/html.ts); the page loads nothing, which
 * `connectPageHeaders`' CSP enforces.
 */
import type { FieldError } from '../errors';
import { escapeHtml, htmlDocument, htmlPageHeaders, linkHtml, styleSource } from '../http/html';

/** The form of a link that connects a new account. */
export interface NewAccountForm {
  kind: 'create';
  /** What the fields hold: empty, the link's name, or what the person typed (kept when refused). */
  values: { profileUrl: string; name: string };
  /** The name the link gives the account, whatever the profile's (the API request's `name`). */
  linkName?: string;
}

/** The form of a link that connects an account's login again. */
export interface ReconnectForm {
  kind: 'reconnect';
  account: { name: string; profileUrl: string };
}

export type ConnectPageModel = (NewAccountForm | ReconnectForm) & {
  /** ISO 8601; after it the link connects nothing. */
  expiresAt: string;
  /** Refused fields, shown by their field (and together above the form). */
  fieldErrors?: FieldError[];
  /** A refusal of the whole form (the profile is already an account), shown above it. */
  error?: string;
  /** Where the form posts: the page's own path. Must be a path of this site; anything else throws. */
  formAction: string;
};

/** What a link connected, for the page that says so. */
export interface ConnectedPageModel {
  kind: 'connected' | 'reconnected';
  account: { accountId: string; name: string; profileUrl: string };
}

/**
 * Headers of every connect page (the form, the result, errors):
 * - a CSP that allows nothing but the page's stylesheet (by its hash) and posting the form to this site, or to the
 *   origin it redirects to once connected (`redirectOrigin`: browsers apply `form-action` to the
 *   redirect that answers a form), so even markup that escaped escaping could neither run, load nor
 *   send anything elsewhere;
 * - no referrer and no caching, because the URL holds the link's secret state;
 * - no framing, no MIME sniffing, no indexing.
 */
export function connectPageHeaders(redirectOrigin?: string): Record<string, string> {
  const formAction = redirectOrigin ? `'self' ${redirectOrigin}` : `'self'`;
  return {
    ...htmlPageHeaders(`default-src 'none'; style-src ${STYLE_SOURCE}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`),
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  };
}

/**
 * The origin of a success redirect, as a CSP source: scheme, host and port, which a parsed http(s)
 * URL gives with no character a policy gives meaning to; undefined for anything else.
 */
export function redirectOriginOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return (protocol === 'https:' || protocol === 'http:') && /^https?:\/\/[\w.\-[\]:]+$/.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1d2226}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-top:1rem}input{width:100%;font:inherit;padding:.25rem;box-sizing:border-box}
.hint{color:#555;font-size:.9rem;margin:.25rem 0}.field-error{color:#c0392b;font-weight:600;margin:.25rem 0}
.error{background:#fde8e8;border:1px solid #c0392b;padding:.5rem 1rem;font-weight:600}.notice{background:#e6f4ea;border:1px solid #2e7d32;padding:.5rem 1rem}
.sandbox{background:#fff8e1;border:1px solid #c9a227;padding:.5rem 1rem}button{font:inherit;padding:.5rem 1rem;margin-top:1rem}`;

/** The CSP source of the pages' one stylesheet, hashed once per container, not per request. */
const STYLE_SOURCE = styleSource(STYLE);

/** A whole page of this kind, in its style. */
function documentHtml(title: string, body: string): string {
  return htmlDocument(title, STYLE, body);
}

const SANDBOX_NOTE =
  '<p class="sandbox">Sandbox: a simulated network. Nothing you type here reaches the real network, and no password is asked for.</p>';

/** A path (and query) on this site: one leading slash (`//host` is another site), then only the characters RFC 3986 allows there. */
const SAME_SITE_PATH = /^\/(?!\/)[\w\-.~%!$&'()*+,;=:@/?]*$/;

/** An ISO time as `2026-11-21 19:27 UTC` (and as given, for machines); shown as is when it does not parse. */
function timeHtml(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  const shown = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}

interface FieldSpec {
  id: 'profileUrl' | 'name';
  label: string;
  type: 'url' | 'text';
  maxLength: number;
  hint: string;
  placeholder: string;
  autocomplete: string;
}

const FIELDS: readonly FieldSpec[] = [
  {
    id: 'profileUrl',
    label: 'Profile URL',
    type: 'url',
    maxLength: 2048,
    hint: 'The profile of the login you connect, https://www.linkedin.com/in/<id>.',
    placeholder: 'https://www.linkedin.com/in/your-id',
    autocomplete: 'url',
  },
  {
    id: 'name',
    label: 'Name',
    type: 'text',
    maxLength: 200,
    hint: 'Your name, as the profile shows it (at most 200 characters).',
    placeholder: '',
    autocomplete: 'name',
  },
];

function fieldHtml(spec: FieldSpec, value: string, errors: readonly FieldError[]): string {
  const messages = errors.filter((error) => error.path === spec.id).map((error) => error.message);
  const errorId = `${spec.id}-error`;
  const describedBy = messages.length ? `${spec.id}-hint ${errorId}` : `${spec.id}-hint`;
  const invalid = messages.length ? ' aria-invalid="true"' : '';
  const placeholder = spec.placeholder ? ` placeholder="${escapeHtml(spec.placeholder)}"` : '';
  const error = messages.length ? `\n<p class="field-error" id="${errorId}">${escapeHtml(messages.join('; '))}</p>` : '';
  return `<label for="${spec.id}">${escapeHtml(spec.label)}</label>
<input id="${spec.id}" name="${spec.id}" type="${spec.type}" required maxlength="${spec.maxLength}" autocomplete="${spec.autocomplete}" value="${escapeHtml(value)}"${placeholder} aria-describedby="${describedBy}"${invalid}>
<p class="hint" id="${spec.id}-hint">${escapeHtml(spec.hint)}</p>${error}`;
}

function formHtml(model: ConnectPageModel): string {
  if (!SAME_SITE_PATH.test(model.formAction))
    throw new TypeError(`formAction must be a path of this site, got ${JSON.stringify(model.formAction.slice(0, 100))}`);
  const open = `<form method="post" action="${escapeHtml(model.formAction)}">`;
  if (model.kind === 'reconnect') {
    return `${open}
<button type="submit">Reconnect</button>
</form>`;
  }
  const errors = model.fieldErrors ?? [];
  const named = model.linkName
    ? `\n<p class="hint" id="link-name">The account will be named ${escapeHtml(JSON.stringify(model.linkName))}, as the link asks.</p>`
    : '';
  return `${open}
${FIELDS.map((spec) => fieldHtml(spec, model.values[spec.id], errors)).join('\n')}${named}
<button type="submit">Connect</button>
</form>`;
}

/**
 * The connect page, a whole HTML document: for a new account, a form asking the login's profile URL
 * and name (prefilled with the link's name, or with what was typed when refused); for a reconnect,
 * which account is reconnected and a button. Refusals are shown above the form and by their field.
 */
export function renderConnectPage(model: ConnectPageModel): string {
  const heading = model.kind === 'create' ? 'Connect your network account' : 'Reconnect your network account';
  const errors = model.fieldErrors ?? [];
  const summary = [model.error, ...errors.map((error) => `${error.path || 'form'}: ${error.message}`)].filter(
    (message): message is string => message !== undefined,
  );
  const alert = summary.length ? `<p class="error" role="alert" id="error">${escapeHtml(summary.join('; '))}</p>\n` : '';
  const intro =
    model.kind === 'create'
      ? '<p>Connect the login whose profile you give below: it becomes an account of the workspace, which acts from it.</p>'
      : `<p>Connect this account's login again, so that its waiting actions run:</p>
<dl>
<dt>Account</dt><dd>${linkHtml(model.account.profileUrl, model.account.name)}</dd>
<dt>Profile</dt><dd>${escapeHtml(model.account.profileUrl)}</dd>
</dl>`;
  return documentHtml(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
${SANDBOX_NOTE}
${alert}${intro}
${formHtml(model)}
<p class="hint">This link works once, until ${timeHtml(model.expiresAt)}.</p>`,
  );
}

/** The page after a link connected an account (when it has no success redirect). */
export function renderConnectedPage(model: ConnectedPageModel): string {
  const heading = model.kind === 'connected' ? 'Account connected' : 'Account reconnected';
  const notice =
    model.kind === 'connected'
      ? 'Connected: the workspace can now act from this account. You can close this page.'
      : 'Reconnected: the account acts again, its waiting actions first. You can close this page.';
  return documentHtml(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p class="notice" role="status">${escapeHtml(notice)}</p>
<dl>
<dt>Account</dt><dd id="account-id">${escapeHtml(model.account.accountId)}</dd>
<dt>Name</dt><dd>${escapeHtml(model.account.name)}</dd>
<dt>Profile</dt><dd>${linkHtml(model.account.profileUrl)}</dd>
</dl>`,
  );
}

/** A page for a refusal or an error: the link not valid, expired or used, or the service's own trouble. */
export function renderConnectError(status: number, title: string, detail: string): string {
  return documentHtml(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(detail)}</p>\n<p class="hint">HTTP status ${status}.</p>`);
}
