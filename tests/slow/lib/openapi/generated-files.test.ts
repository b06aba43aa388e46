import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../../../lib/openapi/build-document';
import { renderDocsPage } from '../../../../lib/openapi/docs-page';
import { GENERATED_DIR, generatedFiles } from '../../../../lib/openapi/generated-files';
import { serveDocsPage } from '../../../../lib/openapi/serve-docs-page';
import { serveOpenApiDocument } from '../../../../lib/openapi/serve-document';

/**
 * The `openapi` and `docs` functions serve files generated ahead of time (`npm run openapi`); these
 * keep them equal to what the builder makes from the schemas now, so what is served cannot drift.
 */
describe('the generated document and page', () => {
  it.each(Object.entries(generatedFiles()))('%s is what `npm run openapi` writes now', (name, expected) => {
    const committed = readFileSync(path.join(GENERATED_DIR, name), 'utf8');
    // A plain boolean first: a 170 KB diff helps nobody, the command does.
    expect({ file: `lib/openapi/generated/${name}`, current: committed === expected, fix: 'run npm run openapi' }).toEqual({
      file: `lib/openapi/generated/${name}`,
      current: true,
      fix: 'run npm run openapi',
    });
  });

  it('are what the handlers serve', () => {
    expect(JSON.parse(serveOpenApiDocument({}).text!)).toEqual(openApiDocument());
    expect(serveDocsPage({}).text).toBe(renderDocsPage(openApiDocument()));
  });
});
