import { defineRoute } from '../../http/route';
import { pageNotFound, token } from './parts';

export const showApprovalPage = defineRoute({
  name: 'showApprovalPage',
  method: 'GET',
  path: '/approve/{token}',
  auth: 'none',
  secretPath: true,
  tag: 'Approval page',
  summary: 'The approval page, for a person',
  description:
    'Server-rendered HTML that works without JavaScript: what will be sent, where, by whom and until when, with a form to edit, approve or reject. Strict Content-Security-Policy, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.',
  page: true,
  pathParameters: token,
  responses: {
    200: { description: 'The page (read-only once decided).', html: true, headers: ['Content-Security-Policy'] },
    404: pageNotFound,
  },
  deployment: {
    permissions: { table: ['GetItem'] },
    bundle: { bytes: 865280, zipBytes: 257024 },
  },
});
