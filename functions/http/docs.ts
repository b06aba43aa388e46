import { httpEndpoint } from '../../lib/http/endpoint';
import { serveDocsPage } from '../../lib/openapi/serve-docs-page';

/** The API reference as a self-contained page: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = httpEndpoint({
  route: 'GET /docs',
  auth: 'none',
  handle: async ({ headers }) => serveDocsPage(headers),
});
