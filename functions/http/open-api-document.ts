import { publicEndpoint } from '../../lib/http/pipeline';
import { serveOpenApiDocument } from '../../lib/openapi/serve-document';
import { openApiDocument as route } from '../../lib/routes/service/open-api-document';

/** The OpenAPI 3.1 document: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = publicEndpoint({
  route,
  handle: async ({ headers }) => serveOpenApiDocument(headers),
});
