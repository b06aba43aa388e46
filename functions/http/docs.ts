import { httpEndpoint } from '../../lib/http/endpoint';
import { serveDocsPage } from '../../lib/openapi/served';

/** The API reference as a self-contained page: public, cacheable, rendered once per container. */
export const handler = httpEndpoint({
  route: 'GET /docs',
  auth: 'none',
  handle: async ({ headers }) => serveDocsPage(headers),
});
