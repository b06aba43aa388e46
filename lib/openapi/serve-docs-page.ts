import { cacheableRepresentation } from './cacheable';
import { docsPageHeaders } from './docs-page';
import { docsPageHtml } from './generated/docs-page';

/**
 * `GET /docs`, served from the page `npm run openapi` generates, not rendered here (rendering needs
 * the document, built from every schema of the API). A unit test keeps the page equal to what the
 * renderer makes.
 */
export const serveDocsPage = cacheableRepresentation(() => docsPageHtml, docsPageHeaders);
