import { defineRoute } from '../../http/route';

export const showInsightsPage = defineRoute({
  name: 'showInsightsPage',
  method: 'GET',
  path: '/insights/{token}',
  auth: 'none',
  secretPath: true,
  tag: 'Report page',
  summary: "The themes across a workspace's calls of a period, for a person",
  description:
    "The link `GET /api/v1/insights` gives (`links.page`), to share: the period's objections, customer questions, pains and competitors, each with how many calls raised it and its share as a bar, its trend against the period before, and its best quotes, each linking to its call's report page (by a report link that ends with this one). Its token is signed like a report link's (HMAC-SHA256 under `REPORT_LINK_SECRET`) and names the workspace, the period and an expiry (`REPORT_LINK_EXPIRY_SECONDS`, 30 days); the counts are read when it is opened. No script, nothing loaded from elsewhere (strict Content-Security-Policy), `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.",
  page: true,
  pathParameters: {
    token: {
      description: "The link's signed token: `i1.<payload>.<signature>`. A secret, as the link is: it is never logged.",
      example:
        'i1.eyJ3IjoiZGVtbyIsImYiOiIyMDI2LTExLTAxIiwidCI6IjIwMjYtMTEtMzAiLCJlIjoxNzk5OTk5OTk5fQ.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c',
    },
  },
  responses: {
    200: { description: 'The insights page.', html: true, headers: ['Content-Security-Policy'] },
    404: { description: 'The link is not valid (malformed, forged or altered token): a page that reveals nothing.', html: true },
    410: { description: 'The link has expired: a page saying so, and where a new one comes from.', html: true },
  },
  deployment: {
    permissions: { table: ['Query'], secrets: ['reportLinkSecret'] },
    bundle: { bytes: 1001472, zipBytes: 283648 },
  },
});
