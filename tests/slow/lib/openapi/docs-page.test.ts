import { createHash } from 'node:crypto';
import { openApiDocument } from '../../../../lib/openapi/build-document';
import { docsPageHeaders, renderDocsPage } from '../../../../lib/openapi/docs-page';
import { serveDocsPage } from '../../../../lib/openapi/serve-docs-page';
import { serveOpenApiDocument } from '../../../../lib/openapi/serve-document';
import { allRoutes as routes } from '../../../../lib/routes/all-routes';

describe('the docs page', () => {
  const html = renderDocsPage(openApiDocument());

  it('shows every route and every schema', () => {
    for (const route of routes)
      expect(html).toContain(`<span class="method ${route.method.toLowerCase()}">${route.method}</span> <code>${route.path}</code></h3>`);
    for (const name of Object.keys((openApiDocument().components as { schemas: object }).schemas))
      expect(html).toContain(`id="schema-${name}"`);
  });

  it('allows only its own stylesheet, by hash', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');

    expect(docsPageHeaders['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\son\w+=/i);
  });

  it('escapes what the document says', () => {
    const hostile = { ...openApiDocument(), info: { title: '<script>x</script>', version: '1', description: '`<b>` & "quotes"' } };
    const page = renderDocsPage(hostile);

    expect(page).not.toContain('<script>x</script>');
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(page).toContain('<code>&lt;b&gt;</code> &amp; &quot;quotes&quot;');
  });
});

describe('serving the document and the page', () => {
  it.each([
    ['document', serveOpenApiDocument, 'application/json; charset=utf-8'],
    ['page', serveDocsPage, 'text/html; charset=utf-8'],
  ])('answers the %s with an ETag, and 304 when the caller has it', (_, serve, contentType) => {
    const first = serve({});
    const etag = first.headers!.etag!;

    expect(first).toEqual(expect.objectContaining({ status: 200, text: expect.any(String) }));
    expect(first.headers).toEqual(expect.objectContaining({ 'content-type': contentType, 'cache-control': 'public, max-age=300' }));
    expect(serve({}).text).toBe(first.text);
    expect(serve({ 'if-none-match': etag }).status).toBe(304);
    expect(serve({ 'if-none-match': `"other", W/${etag}` }).status).toBe(304);
    expect(serve({ 'if-none-match': '"other"' }).status).toBe(200);
  });
});
