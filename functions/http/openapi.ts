import { httpEndpoint } from '../../lib/http/endpoint';
import { serveOpenApiDocument } from '../../lib/openapi/served';

/** The OpenAPI 3.1 document: public, cacheable, built once per container. */
export const handler = httpEndpoint({
  route: 'GET /api/v1/openapi.json',
  auth: 'none',
  handle: async ({ headers }) => serveOpenApiDocument(headers),
});
