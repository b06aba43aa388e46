import { publicEndpoint } from '../../lib/http/pipeline';
import { serveOpenApiDocument } from '../../lib/openapi/serve-document';
import { routeTable } from '../../lib/http/routes';

/** The OpenAPI 3.1 document: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = publicEndpoint({
  route: routeTable.openApiDocument,
  handle: async ({ headers }) => serveOpenApiDocument(headers),
});
