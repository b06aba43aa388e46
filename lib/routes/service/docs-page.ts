import { defineRoute } from '../../http/route';

export const docsPage = defineRoute({
  name: 'docsPage',
  method: 'GET',
  path: '/docs',
  auth: 'none',
  tag: 'Service',
  summary: 'This reference, as a page for a browser',
  description:
    'Every operation with its parameters, body and responses, and every schema. Self-contained: no script, nothing loaded from elsewhere.',
  page: true,
  responses: {
    200: { description: 'The reference.', html: true, headers: ['ETag', 'Cache-Control', 'Content-Security-Policy'] },
    304: { description: 'Not modified (`If-None-Match` matched the `ETag`).', headers: ['ETag', 'Cache-Control'] },
  },
  deployment: {
    permissions: {},
    bundle: { bytes: 589824, zipBytes: 91136 },
  },
});
