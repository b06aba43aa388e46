import { publicEndpoint } from '../../lib/http/pipeline';
import { serveDocsPage } from '../../lib/openapi/serve-docs-page';
import { docsPage as route } from '../../lib/routes/service/docs-page';

/** The API reference as a self-contained page: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = publicEndpoint({
  route,
  handle: async ({ headers }) => serveDocsPage(headers),
});
