import { publicEndpoint } from '../../lib/http/pipeline';
import { serveOpenApiDocument } from '../../lib/openapi/serve-document';

/** The OpenAPI 3.1 document: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = publicEndpoint({
  route: 'GET /api/v1/openapi.json',
  handle: async ({ headers }) => serveOpenApiDocument(headers),
});
