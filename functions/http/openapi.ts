import { httpEndpoint } from '../../lib/http/endpoint';
import { serveOpenApiDocument } from '../../lib/openapi/serve-document';

/** The OpenAPI 3.1 document: public, cacheable, generated ahead of time (npm run openapi). */
export const handler = httpEndpoint({
  route: 'GET /api/v1/openapi.json',
  auth: 'none',
  handle: async ({ headers }) => serveOpenApiDocument(headers),
});
