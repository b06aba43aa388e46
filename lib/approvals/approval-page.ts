/**
 * The approval page (`/approve/<token>`): plain server-rendered HTML that works without JavaScript.
 * Pure functions, no I/O: the handler decides what to show, these only render it. Everything shown
 * is escaped and only http(s) URLs become links (lib/http/html.ts); the page loads nothing (no
 * script, no image, no font, no stylesheet but the inline one), which `approvalPageHeaders`' CSP enforces.
 */
import { escapeHtml, htmlDocument, htmlPageHeaders, linkHtml, styleSource } from '../http/html';

/** What the approval page shows. */
export interface ApprovalPageModel {
  kind: 'comment' | 'dm' | 'post';
  status: 'pending' | 'approved' | 'rejected' | 'expired' | 'cancelled';
  /** The account that will post/send. */
  sender: { name: string; profileUrl: string };
  /** The post (comment), the recipient's profile (dm), or the author's own profile (post). */
  target: { url: string; name?: string };
  /** The text to be posted/sent (as edited so far). */
  text: string;
  /** Most characters the text may have (1,250 for a comment, 8,000 for a DM). */
  maxLength: number;
  /** ISO 8601; after it the approval is expired. */
  expiresAt: string;
  decidedAt?: string;
  /**
   * A refused edit (empty or too long text) or decision: shown prominently above the form (or the
   * summary, once decided), with `text` kept as submitted.
   */
  error?: string;
  /** Shown after a decision made just now, e.g. "Approved: the comment will be posted." */
  notice?: string;
  /**
   * Path the form posts to (the page's own path, `/approve/<token>`). Must be a path on this site
   * (starting with a single `/`); anything else throws, as a programming error.
   */
  formAction: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1d2226}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600}textarea{width:100%;min-height:10rem;font:inherit;box-sizing:border-box}
.text{white-space:pre-wrap;overflow-wrap:anywhere;border-left:4px solid #ccc;margin:0;padding:.5rem 1rem}.hint,.url{color:#555;font-size:.9rem}
.error{background:#fde8e8;border:1px solid #c0392b;padding:.5rem 1rem;font-weight:600}.notice{background:#e6f4ea;border:1px solid #2e7d32;padding:.5rem 1rem}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}`;

/**
 * Headers of every approval page response (the page, the not-valid page, error pages):
 * - a CSP that allows nothing but the page's stylesheet (by its hash) and posting the form back to this site, so even
 *   markup that escaped escaping could neither run, load nor send anything elsewhere;
 * - no referrer and no caching, because the URL and the page hold the link's secret token;
 * - no framing (clickjacking an Approve button), no MIME sniffing, no indexing.
 */
export const approvalPageHeaders: Record<string, string> = {
  ...htmlPageHeaders(`default-src 'none'; style-src ${styleSource(STYLE)}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`),
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
};

/** A whole page of this kind, in its style. */
function documentHtml(title: string, body: string): string {
  return htmlDocument(title, STYLE, body);
}

/**
 * How the page names the text, and what happens to it once approved. A message may not go at once:
 * to someone the sender is not connected to, an invitation goes first (spec 3), and the message
 * waits for its acceptance; which of the two happens is known only when it runs, so both are said.
 */
const WORDS = {
  comment: { noun: 'comment', sent: 'posted', approved: 'the comment will be posted as shown below' },
  dm: {
    noun: 'message',
    sent: 'sent',
    approved:
      'the message will be sent as shown below if you are connected to them; if not, they first get an invitation to connect from you (without a note), and the message is sent only once they accept it',
  },
  post: { noun: 'post', sent: 'published', approved: 'the post will be published from your account as shown below' },
} as const;

/** On a pending message's page: what approving will do, said before the decision. */
const DM_WHAT_HAPPENS =
  'If you are connected to them, approving sends the message. If not, approving first sends them an invitation to connect from you, without a note, and the message is sent only once they accept it.';
type Words = (typeof WORDS)[keyof typeof WORDS];

const HEADING: Record<ApprovalPageModel['status'], (words: Words) => string> = {
  pending: ({ noun }) => `Approve this ${noun}`,
  approved: ({ noun }) => `This ${noun} was approved`,
  rejected: ({ noun }) => `This ${noun} was rejected`,
  expired: () => 'This approval has expired',
  cancelled: () => 'This approval was withdrawn',
};

const STATUS_WORDS: Record<ApprovalPageModel['status'], (words: Words) => string> = {
  pending: () => 'Waiting for your decision',
  approved: ({ approved }) => `Approved: ${approved}`,
  rejected: ({ noun, sent }) => `Rejected: the ${noun} will not be ${sent}`,
  expired: ({ noun, sent }) => `Expired: nobody decided in time, the ${noun} was not ${sent}`,
  cancelled: ({ noun, sent }) => `Withdrawn: the job was cancelled or the account removed, the ${noun} will not be ${sent}`,
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * An ISO time as `Sat 21 Nov 2026, 19:27 UTC`, built by hand rather than with Intl so that it reads
 * the same on every runtime; undefined when it does not parse.
 */
function humanUtc(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** A `<time>` showing the time in words and as given (ISO); a time that does not parse is shown as is. */
function timeHtml(iso: string): string {
  const human = humanUtc(iso);
  return human
    ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(human)}</time> <span class="hint">(${escapeHtml(iso)})</span>`
    : escapeHtml(iso);
}

/** What the target is to the text: the post commented on, the person messaged, the author's own profile. */
const targetLabel: Record<ApprovalPageModel['kind'], string> = { comment: 'On the post', dm: 'To', post: 'On the profile' };

function summaryHtml(model: ApprovalPageModel, words: Words): string {
  const target = model.target.name
    ? `${linkHtml(model.target.url, model.target.name)}<br><span class="url">${escapeHtml(model.target.url)}</span>`
    : linkHtml(model.target.url);
  const decided = model.decidedAt ? `<dt>Decided</dt><dd>${timeHtml(model.decidedAt)}</dd>` : '';
  return `<dl>
<dt>From</dt><dd>${linkHtml(model.sender.profileUrl, model.sender.name)}</dd>
<dt>${targetLabel[model.kind]}</dt><dd>${target}</dd>
<dt>Status</dt><dd>${escapeHtml(STATUS_WORDS[model.status](words))}</dd>
${decided}<dt>Valid until</dt><dd>${timeHtml(model.expiresAt)}</dd>
</dl>`;
}

/**
 * A path (and query) on this site: one leading slash (`//host` is another site), then only the
 * characters RFC 3986 allows there, so no quote, bracket, backslash or space.
 */
const SAME_SITE_PATH = /^\/(?!\/)[\w\-.~%!$&'()*+,;=:@/?]*$/;

function formHtml(model: ApprovalPageModel, noun: string): string {
  if (!SAME_SITE_PATH.test(model.formAction))
    throw new TypeError(`formAction must be a path of this site, got ${JSON.stringify(model.formAction.slice(0, 100))}`);
  const limit = model.maxLength.toLocaleString('en-US');
  const describedBy = model.error ? 'error text-hint' : 'text-hint';
  // The newline right after <textarea> is eaten by HTML parsers; without it a text that starts
  // with a line break would lose it. Reject skips the browser's checks (formnovalidate): a person
  // who emptied the text must still be able to say no.
  return `<form method="post" action="${escapeHtml(model.formAction)}">
<label for="text">Your ${noun} (you can edit it)</label>
<textarea id="text" name="text" rows="10" maxlength="${model.maxLength}" required aria-describedby="${describedBy}"${model.error ? ' aria-invalid="true"' : ''}>
${escapeHtml(model.text)}</textarea>
<p class="hint" id="text-hint">At most ${limit} characters; it must not be empty.</p>
<p>
<button type="submit" name="decision" value="approve">Approve and send</button>
<button type="submit" name="decision" value="reject" formnovalidate>Reject</button>
</p>
</form>`;
}

/**
 * The approval page, a whole HTML document. Pending: what will be sent by whom where, and a form
 * (works without JavaScript) to edit the text and approve or reject. Decided or expired: the same
 * summary, the final text read-only and the status in words, no form.
 */
export function renderApprovalPage(model: ApprovalPageModel): string {
  const words = WORDS[model.kind];
  const heading = HEADING[model.status](words);
  const messages = [
    model.notice ? `<p class="notice" role="status">${escapeHtml(model.notice)}</p>` : '',
    model.error ? `<p class="error" role="alert" id="error">${escapeHtml(model.error)}</p>` : '',
  ].join('');
  const whatHappens = model.kind === 'dm' ? `<p class="hint" id="what-happens">${escapeHtml(DM_WHAT_HAPPENS)}</p>\n` : '';
  const main =
    model.status === 'pending'
      ? whatHappens + formHtml(model, words.noun)
      : `<h2>The ${words.noun}</h2>\n<div class="text" id="final-text">${escapeHtml(model.text)}</div>`;
  return documentHtml(heading, `<h1>${escapeHtml(heading)}</h1>\n${messages}\n${summaryHtml(model, words)}\n${main}`);
}

/** The page for a link that opens nothing (unknown or malformed token): says so, and nothing more. */
export function renderApprovalNotFound(): string {
  return documentHtml(
    'This link is not valid',
    '<h1>This link is not valid</h1>\n<p>Check that you opened the whole link from the message that sent it. If it still does not work, ask whoever sent it for a new one.</p>',
  );
}

/** A page for an error of the service or of the request itself (not a refused edit, which shows the form again). */
export function renderApprovalError(status: number, title: string, detail: string): string {
  return documentHtml(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(detail)}</p>\n<p class="hint">HTTP status ${status}.</p>`);
}
