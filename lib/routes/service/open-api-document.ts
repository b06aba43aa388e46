import { defineRoute } from '../../http/route';

export const openApiDocument = defineRoute({
  name: 'openApiDocument',
  method: 'GET',
  path: '/api/v1/openapi.json',
  auth: 'none',
  tag: 'Service',
  summary: 'This document (OpenAPI 3.1)',
  description: 'Generated from the schemas that validate the requests. Public and cacheable; `If-None-Match` with its `ETag` answers 304.',
  responses: {
    200: { description: 'The OpenAPI document.', json: 'OpenApiDocument', headers: ['ETag', 'Cache-Control'] },
    304: { description: 'Not modified (`If-None-Match` matched the `ETag`).', headers: ['ETag', 'Cache-Control'] },
  },
  deployment: {
    permissions: {},
    bundle: { bytes: 508928, zipBytes: 86016 },
  },
});
