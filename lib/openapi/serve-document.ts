import { cacheableRepresentation } from './cacheable';
import { openApiJson } from './generated/openapi-document';

/**
 * `GET /api/v1/openapi.json`, served from the text `npm run openapi` generates, not built here:
 * building it imports every schema of the API, which made this function's cold start cost about
 * twice a plain function's. A unit test keeps the text equal to what the builder makes.
 */
export const serveOpenApiDocument = cacheableRepresentation(() => openApiJson, { 'content-type': 'application/json; charset=utf-8' });
