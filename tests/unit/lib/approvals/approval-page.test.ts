import { createHash } from 'node:crypto';
import type { ApprovalPageModel } from '../../../../lib/approvals/approval-page';
import {
  approvalPageHeaders,
  renderApprovalError,
  renderApprovalNotFound,
  renderApprovalPage,
} from '../../../../lib/approvals/approval-page';
import { tagsOf, type Tag } from '../../../helpers/html-tags';

/*
 * No HTML parser is installed, so these tests tokenise the pages with `tagsOf` (tests/helpers/html-tags.ts), which is
 * exact for what the renderer emits (every attribute value double-quoted, and `"` inside values
 * escaped) and accounts for every `<` in the document: markup that escaped escaping shows up as
 * a tag that is not allowed, or as a `<` that is not a tag. tests/integration/approvals has the
 * same pages in a real browser.
 */

const ALLOWED_TAGS = [
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'main',
  'h1',
  'h2',
  'p',
  'dl',
  'dt',
  'dd',
  'a',
  'br',
  'span',
  'time',
  'div',
  'form',
  'label',
  'textarea',
  'button',
];

/** Checks the whole page: only the tags the renderer writes, no event handler, links only to http(s). */
function expectSafeMarkup(html: string): Tag[] {
  const tags = tagsOf(html);
  for (const tag of tags) {
    expect(ALLOWED_TAGS).toContain(tag.name);
    expect(Object.keys(tag.attributes).filter((name) => name.startsWith('on') || name === 'src' || name === 'style')).toEqual([]);
    if (tag.attributes.href !== undefined) expect(tag.attributes.href).toMatch(/^https?:\/\//);
  }
  return tags;
}

const tagsNamed = (html: string, name: string) => tagsOf(html).filter((tag) => tag.name === name);

/** Text between `<textarea …>` and `</textarea>`, as written (still escaped). */
function textareaContent(html: string): string | undefined {
  return /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
}

const base: ApprovalPageModel = {
  kind: 'comment',
  status: 'pending',
  sender: { name: 'Jane Seller', profileUrl: 'https://www.linkedin.com/in/jane-seller' },
  target: { url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/' },
  text: 'Great point on pipeline hygiene.',
  maxLength: 1250,
  expiresAt: '2026-11-21T19:27:00.000Z',
  formAction: '/approve/AbCdEfGhIjKlMnOpQrStUvWxYz012345',
};

const page = (changes: Partial<ApprovalPageModel> = {}) => renderApprovalPage({ ...base, ...changes });

describe('renderApprovalPage, pending', () => {
  it('is a whole HTML document without scripts or external resources', () => {
    const html = page();

    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Approve this comment</title>');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\sstyle=/i);
    expectSafeMarkup(html);
  });

  it('says what is asked, who sends it where, and until when', () => {
    const html = page();

    expect(html).toContain('<h1>Approve this comment</h1>');
    expect(html).toContain('<a href="https://www.linkedin.com/in/jane-seller" rel="noopener noreferrer">Jane Seller</a>');
    expect(html).toContain('<dt>On the post</dt>');
    expect(tagsNamed(html, 'a').map((a) => a.attributes.href)).toEqual([base.sender.profileUrl, base.target.url]);
    expect(html).toContain('<time datetime="2026-11-21T19:27:00.000Z">Sat 21 Nov 2026, 19:27 UTC</time>');
    expect(html).toContain('(2026-11-21T19:27:00.000Z)');
    expect(html).toContain('Waiting for your decision');
  });

  it('has a form posting to its own path with the editable text and the two decisions', () => {
    const html = page();

    expect(tagsNamed(html, 'form')).toEqual([{ name: 'form', attributes: { method: 'post', action: base.formAction } }]);
    const [textarea] = tagsNamed(html, 'textarea');
    expect(textarea?.attributes).toMatchObject({
      id: 'text',
      name: 'text',
      maxlength: '1250',
      required: '',
      'aria-describedby': 'text-hint',
    });
    expect(textareaContent(html)).toBe(`\n${base.text}`);
    expect(tagsNamed(html, 'label')).toEqual([{ name: 'label', attributes: { for: 'text' } }]);
    expect(html).toContain('<p class="hint" id="text-hint">At most 1,250 characters; it must not be empty.</p>');
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve and send</button>');
    expect(html).toContain('<button type="submit" name="decision" value="reject" formnovalidate>Reject</button>');
  });

  it('asks for a message, to a person, with the DM limit', () => {
    const html = page({ kind: 'dm', maxLength: 8000, target: { url: 'https://www.linkedin.com/in/bob', name: 'Bob Buyer' } });

    expect(html).toContain('<h1>Approve this message</h1>');
    expect(html).toContain('<dt>To</dt><dd><a href="https://www.linkedin.com/in/bob" rel="noopener noreferrer">Bob Buyer</a>');
    expect(html).toContain('<span class="url">https://www.linkedin.com/in/bob</span>');
    expect(tagsNamed(html, 'textarea')[0]?.attributes.maxlength).toBe('8000');
    expect(html).toContain('At most 8,000 characters');
    expect(html).toContain('<label for="text">Your message (you can edit it)</label>');
  });

  it("asks for a post, on its author's profile, with the network's limit for a post", () => {
    const html = page({ kind: 'post', maxLength: 3000, target: { url: 'https://www.linkedin.com/in/alice' } });

    expect(html).toContain('<h1>Approve this post</h1>');
    expect(html).toContain('<dt>On the profile</dt>');
    expect(tagsNamed(html, 'textarea')[0]?.attributes.maxlength).toBe('3000');
    expect(html).toContain('<label for="text">Your post (you can edit it)</label>');
    expect(page({ kind: 'post', status: 'approved' })).toContain('Approved: the post will be published from your account as shown below');
    expect(page({ kind: 'post', status: 'pending' })).not.toContain('what-happens');
    expectSafeMarkup(html);
  });

  it('keeps a text that starts with a line break (HTML drops the first one after <textarea>)', () => {
    expect(textareaContent(page({ text: '\nHello' }))).toBe('\n\nHello');
  });

  it('shows a refused edit above the form, with the text as submitted, and points the field at it', () => {
    const tooLong = 'x'.repeat(1300);
    const html = page({ text: tooLong, error: 'text: must be at most 1250 characters' });

    expect(html).toContain('<p class="error" role="alert" id="error">text: must be at most 1250 characters</p>');
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('<form'));
    expect(textareaContent(html)).toBe(`\n${tooLong}`);
    expect(tagsNamed(html, 'textarea')[0]?.attributes).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'error text-hint' });
  });

  it('shows no error or notice unless given', () => {
    const html = page();

    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain('aria-invalid');
  });

  it('refuses a form action that is not a path of this site', () => {
    for (const formAction of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      '/approve/x"><script>',
      'approve/x',
      '',
    ]) {
      expect(() => page({ formAction })).toThrow(TypeError);
    }
  });
});

describe('renderApprovalPage, decided or expired', () => {
  it.each([
    ['approved', 'This comment was approved', 'Approved: the comment will be posted as shown below'],
    ['rejected', 'This comment was rejected', 'Rejected: the comment will not be posted'],
    ['expired', 'This approval has expired', 'Expired: nobody decided in time, the comment was not posted'],
  ] as const)('%s: the summary, the final text read-only, the status in words, no form', (status, heading, words) => {
    const html = page({ status, decidedAt: '2026-11-20T08:05:00.000Z', text: 'Final\ntext' });

    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(`<dd>${words}</dd>`);
    expect(html).toContain('<div class="text" id="final-text">Final\ntext</div>');
    expect(html).toContain('<dt>Decided</dt><dd><time datetime="2026-11-20T08:05:00.000Z">Fri 20 Nov 2026, 08:05 UTC</time>');
    expect(html).toContain('Jane Seller</a>');
    for (const name of ['form', 'textarea', 'button', 'label']) expect(tagsNamed(html, name)).toEqual([]);
    expectSafeMarkup(html);
  });

  it('says what happens to a message in its own words', () => {
    expect(page({ kind: 'dm', status: 'rejected' })).toContain('Rejected: the message will not be sent');
  });

  it('does not promise a message will be sent at once: to a stranger an invitation goes first', () => {
    const approved = page({ kind: 'dm', status: 'approved' });
    const pending = page({ kind: 'dm', status: 'pending' });

    expect(approved).not.toContain('Approved: the message will be sent as shown below<');
    expect(approved).toContain(
      'if not, they first get an invitation to connect from you (without a note), and the message is sent only once they accept it</dd>',
    );
    expect(pending).toContain(
      '<p class="hint" id="what-happens">If you are connected to them, approving sends the message. If not, approving first sends them an invitation to connect from you, without a note, and the message is sent only once they accept it.</p>',
    );
    expect(page({ kind: 'comment', status: 'pending' })).not.toContain('what-happens');
    expectSafeMarkup(pending);
  });

  it('shows the notice of a decision made just now', () => {
    const html = page({ status: 'approved', notice: 'Approved: the comment will be posted.' });

    expect(html).toContain('<p class="notice" role="status">Approved: the comment will be posted.</p>');
  });

  it('shows an error too (a second decision), above the summary', () => {
    const html = page({ status: 'approved', error: 'This approval was already approved.' });

    expect(html).toContain('<p class="error" role="alert" id="error">This approval was already approved.</p>');
    expect(tagsNamed(html, 'form')).toEqual([]);
  });
});

describe('renderApprovalPage with hostile input', () => {
  const hostile: ApprovalPageModel = {
    kind: 'dm',
    status: 'pending',
    sender: { name: '"><img src=x onerror=alert(1)>', profileUrl: 'javascript:alert(1)' },
    target: { url: 'javascript:alert(document.cookie)//https://www.linkedin.com/in/x', name: `<script>alert('name')</script>` },
    text: `</textarea><script>alert("text")</script><textarea>' & "`,
    maxLength: 8000,
    expiresAt: '"><svg onload=alert(1)>',
    decidedAt: `' onmouseover='alert(1)`,
    error: '<b onclick="x()">error</b>',
    notice: '<i>notice</i>',
    formAction: '/approve/token',
  };

  it.each(['pending', 'approved'] as const)('never lets it out unescaped (%s)', (status) => {
    const html = renderApprovalPage({ ...hostile, status });

    const tags = expectSafeMarkup(html);
    expect(tags.filter((tag) => tag.name === 'a')).toEqual([]);
    for (const raw of ['<img', '<script', '<svg', '<b ', '<i>', "' onmouseover='", '"><']) expect(html).not.toContain(raw);
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;');
    expect(html).toContain('javascript:alert(document.cookie)//https://www.linkedin.com/in/x');
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;error&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
  });

  it('keeps the text exact inside the textarea: it cannot close it', () => {
    const html = renderApprovalPage(hostile);

    expect(html.match(/<\/textarea>/g)).toHaveLength(1);
    expect(textareaContent(html)).toBe(
      '\n&lt;/textarea&gt;&lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt;&lt;textarea&gt;&#39; &amp; &quot;',
    );
  });

  it('shows a sender or target with a non-http(s) URL as plain text', () => {
    const html = renderApprovalPage({
      ...base,
      sender: { name: 'Jane', profileUrl: 'data:text/html,hi' },
      target: { url: 'ftp://files.example/x' },
    });

    expect(tagsNamed(html, 'a')).toEqual([]);
    expect(html).toContain('<dt>From</dt><dd>Jane</dd>');
    expect(html).toContain('<dd>ftp://files.example/x</dd>');
  });
});

describe('renderApprovalNotFound', () => {
  it('says the link is not valid and nothing more', () => {
    const html = renderApprovalNotFound();

    expect(html).toContain('<title>This link is not valid</title>');
    expect(html).toContain('<h1>This link is not valid</h1>');
    expect(html).not.toMatch(/<form|approve\/|token|expired|approved|rejected/i);
    expectSafeMarkup(html);
  });
});

describe('renderApprovalError', () => {
  it('shows the title and detail escaped', () => {
    const html = renderApprovalError(413, 'Request body too large', 'The body is <big>');

    expect(html).toContain('<h1>Request body too large</h1>');
    expect(html).toContain('<p>The body is &lt;big&gt;</p>');
    expectSafeMarkup(html);
  });
});

describe('approvalPageHeaders', () => {
  it('are HTML with a strict CSP (the stylesheet by its hash), no referrer, no framing, no sniffing, no caching', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(page())![1]!;

    // Every page of the kind carries the one stylesheet the hash allows.
    expect(renderApprovalNotFound()).toContain(`<style>${style}</style>`);
    expect(renderApprovalError(500, 'x', 'y')).toContain(`<style>${style}</style>`);
    expect(approvalPageHeaders).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  });

  it('use lower-case names, as the pipeline merges them into the response', () => {
    for (const name of Object.keys(approvalPageHeaders)) expect(name).toBe(name.toLowerCase());
  });
});
