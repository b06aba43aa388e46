import { openApiDocument } from './build-document';
import { cacheableRepresentation } from './cacheable';
import { docsPageHeaders, renderDocsPage } from './docs-page';

/** `GET /api/v1/openapi.json`. */
export const serveOpenApiDocument = cacheableRepresentation(() => JSON.stringify(openApiDocument()), { 'content-type': 'application/json; charset=utf-8' });

/** `GET /docs`. */
export const serveDocsPage = cacheableRepresentation(() => renderDocsPage(openApiDocument()), docsPageHeaders);
