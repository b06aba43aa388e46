import { publicEndpoint } from '../../lib/http/pipeline';
import { serveDocsPage } from '../../lib/openapi/serve-docs-page';
import { routeTable } from '../../lib/http/routes';

/** The API reference as a self-contained page: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = publicEndpoint({
  route: routeTable.docsPage,
  handle: async ({ headers }) => serveDocsPage(headers),
});
