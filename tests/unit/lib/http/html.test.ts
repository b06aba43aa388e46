import { escapeHtml, linkHtml } from '../../../../lib/http/html';
import { safeHttpUrl } from '../../../../lib/schemas/http-url';

describe('escapeHtml', () => {
  it('escapes the five characters special in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('escapes an existing entity again, so it shows as typed', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves everything else alone, line breaks and non-Latin text included', () => {
    const text = 'Grüße, 你好 👋\nline two\ttab';

    expect(escapeHtml(text)).toBe(text);
  });
});

describe('safeHttpUrl', () => {
  it.each(['https://www.linkedin.com/in/jane', 'http://example.com/a?b=c#d'])('keeps the http(s) URL %s', (url) => {
    expect(safeHttpUrl(url)).toBe(url);
  });

  it('normalises what it keeps (case of scheme and host, spaces)', () => {
    expect(safeHttpUrl('HTTPS://WWW.LinkedIn.com/in/a b')).toBe('https://www.linkedin.com/in/a%20b');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@b.c',
    '//evil.example/x',
    '/relative/path',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(safeHttpUrl(url)).toBeUndefined();
  });
});

describe('linkHtml', () => {
  it('links a safe URL, escaping the URL and the text', () => {
    expect(linkHtml('https://example.com/?a=1&b="2"', 'Tom & <Jerry>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=%222%22" rel="noopener noreferrer">Tom &amp; &lt;Jerry&gt;</a>',
    );
  });

  it('shows the URL as its own text by default', () => {
    expect(linkHtml('https://example.com/x')).toBe('<a href="https://example.com/x" rel="noopener noreferrer">https://example.com/x</a>');
  });

  it('renders an unsafe URL as plain, escaped text without a link', () => {
    expect(linkHtml('javascript:alert("x")')).toBe('javascript:alert(&quot;x&quot;)');
    expect(linkHtml('javascript:alert(1)', '<b>Jane</b>')).toBe('&lt;b&gt;Jane&lt;/b&gt;');
  });
});
