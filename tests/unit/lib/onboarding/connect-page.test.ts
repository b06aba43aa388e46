import { createHash } from 'node:crypto';
import type { ConnectPageModel } from '../../../../lib/onboarding/connect-page';
import {
  connectPageHeaders,
  redirectOriginOf,
  renderConnectedPage,
  renderConnectError,
  renderConnectPage,
} from '../../../../lib/onboarding/connect-page';
import { tagsOf, type Tag } from '../../../helpers/html-tags';

/*
 * No HTML parser is installed, so the pages are tokenised by `tagsOf` (as in the approval page's
 * tests): exact for what the renderer writes (every attribute value double-quoted), and it accounts
 * for every `<` of the document, so markup that escaped escaping shows as a tag that is not allowed,
 * or as a `<` that is not a tag. tests/integration/onboarding has the same pages in a real browser.
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
  'p',
  'dl',
  'dt',
  'dd',
  'a',
  'time',
  'form',
  'label',
  'input',
  'button',
];

/** Only the tags the renderer writes, no event handler, no `src` or `style` attribute, links only to http(s). */
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
const inputNamed = (html: string, name: string) => tagsNamed(html, 'input').find((tag) => tag.attributes.name === name);

const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(2)> & 'quotes'`;
const formAction = '/connect/v1.eyJ3IjoiYWNtZSJ9.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c';
const create: ConnectPageModel = {
  kind: 'create',
  values: { profileUrl: '', name: '' },
  expiresAt: '2026-11-21T19:27:00.000Z',
  formAction,
};

describe('renderConnectPage, a new account', () => {
  it('is a whole document without scripts or external resources, with a form posting to its own path', () => {
    const html = renderConnectPage(create);

    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Connect your network account</title>');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\sstyle=/i);
    expectSafeMarkup(html);
    expect(tagsNamed(html, 'form')).toEqual([{ name: 'form', attributes: { method: 'post', action: formAction } }]);
    expect(inputNamed(html, 'profileUrl')?.attributes).toMatchObject({ type: 'url', required: '', maxlength: '2048', value: '' });
    expect(inputNamed(html, 'name')?.attributes).toMatchObject({ type: 'text', required: '', maxlength: '200', value: '' });
    expect(tagsNamed(html, 'label').map((label) => label.attributes.for)).toEqual(['profileUrl', 'name']);
    expect(html).toContain('<button type="submit">Connect</button>');
    expect(html).toContain('Sandbox: a simulated network.');
    expect(html).toContain('<time datetime="2026-11-21T19:27:00.000Z">2026-11-21 19:27 UTC</time>');
    expect(html).not.toContain('role="alert"');
  });

  it("prefills the link's name and says the account takes it", () => {
    const html = renderConnectPage({ ...create, values: { profileUrl: '', name: 'Jane Seller' }, linkName: 'Jane Seller' });

    expect(inputNamed(html, 'name')?.attributes.value).toBe('Jane Seller');
    expect(html).toContain('<p class="hint" id="link-name">The account will be named &quot;Jane Seller&quot;, as the link asks.</p>');
  });

  it('escapes hostile values, names and errors everywhere, as text', () => {
    const html = renderConnectPage({
      ...create,
      values: { profileUrl: HOSTILE, name: HOSTILE },
      linkName: HOSTILE,
      fieldErrors: [{ path: 'profileUrl', message: HOSTILE }],
      error: HOSTILE,
    });

    expectSafeMarkup(html);
    expect(html).not.toMatch(/<script|<img/i);
    expect(inputNamed(html, 'profileUrl')?.attributes.value).toBe(
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;quotes&#39;',
    );
    expect(inputNamed(html, 'name')?.attributes.value).toBe(inputNamed(html, 'profileUrl')?.attributes.value);
  });

  it('shows refused fields above the form and by their field, keeping what was typed', () => {
    const html = renderConnectPage({
      ...create,
      values: { profileUrl: 'https://example.com/jane', name: '' },
      fieldErrors: [
        { path: 'profileUrl', message: 'must be a profile URL' },
        { path: 'name', message: 'must not be blank' },
      ],
    });

    expect(html).toContain('<p class="error" role="alert" id="error">profileUrl: must be a profile URL; name: must not be blank</p>');
    expect(html).toContain('<p class="field-error" id="profileUrl-error">must be a profile URL</p>');
    expect(inputNamed(html, 'profileUrl')?.attributes).toMatchObject({
      value: 'https://example.com/jane',
      'aria-invalid': 'true',
      'aria-describedby': 'profileUrl-hint profileUrl-error',
    });
    expect(inputNamed(html, 'name')?.attributes['aria-invalid']).toBe('true');
  });

  it('refuses a form action that is not a path of this site (a programming error)', () => {
    for (const action of ['https://evil.example/connect', '//evil.example/x', '/connect/"><script>', 'javascript:alert(1)']) {
      expect(() => renderConnectPage({ ...create, formAction: action })).toThrow(/formAction must be a path of this site/);
    }
  });
});

describe('renderConnectPage, a reconnect', () => {
  it('names the account, escaped, with a link only to an http(s) profile, and a button', () => {
    const html = renderConnectPage({
      kind: 'reconnect',
      account: { name: HOSTILE, profileUrl: 'javascript:alert(1)' },
      expiresAt: create.expiresAt,
      formAction,
    });

    expectSafeMarkup(html);
    expect(html).toContain('<h1>Reconnect your network account</h1>');
    expect(tagsNamed(html, 'a')).toEqual([]);
    expect(tagsNamed(html, 'input')).toEqual([]);
    expect(html).toContain('<button type="submit">Reconnect</button>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('renderConnectedPage and renderConnectError', () => {
  it('says which account was connected, escaped', () => {
    const html = renderConnectedPage({
      kind: 'connected',
      account: { accountId: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1', name: HOSTILE, profileUrl: 'https://www.linkedin.com/in/jane' },
    });

    expectSafeMarkup(html);
    expect(html).toContain('<h1>Account connected</h1>');
    expect(html).toContain('<dd id="account-id">acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1</dd>');
    expect(tagsNamed(html, 'a').map((a) => a.attributes.href)).toEqual(['https://www.linkedin.com/in/jane']);
    expect(html).not.toMatch(/<script|<img/i);
    expect(renderConnectedPage({ kind: 'reconnected', account: { accountId: 'acc_x', name: 'J', profileUrl: 'x' } })).toContain(
      '<h1>Account reconnected</h1>',
    );
  });

  it('renders an error with its title and detail escaped', () => {
    const html = renderConnectError(410, HOSTILE, HOSTILE);

    expectSafeMarkup(html);
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('HTTP status 410.');
  });
});

describe('connectPageHeaders', () => {
  it('allows nothing but the page’s stylesheet, by its hash, and posting to this site, or to the success redirect’s origin', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(renderConnectPage(create))![1]!;

    expect(renderConnectError(410, 'x', 'y')).toContain(`<style>${style}</style>`);
    expect(connectPageHeaders()).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    expect(connectPageHeaders('https://app.example.com')['content-security-policy']).toContain(
      "form-action 'self' https://app.example.com;",
    );
  });

  it('takes only the origin of an http(s) redirect into the policy', () => {
    expect(redirectOriginOf('https://app.example.com/done?x=1#y')).toBe('https://app.example.com');
    expect(redirectOriginOf('http://127.0.0.1:5173/after')).toBe('http://127.0.0.1:5173');
    expect(redirectOriginOf(undefined)).toBeUndefined();
    expect(redirectOriginOf('javascript:alert(1)')).toBeUndefined();
    expect(redirectOriginOf('not a url')).toBeUndefined();
  });
});
