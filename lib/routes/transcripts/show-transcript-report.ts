import { defineRoute } from '../../http/route';

export const showTranscriptReport = defineRoute({
  name: 'showTranscriptReport',
  method: 'GET',
  path: '/reports/{token}',
  auth: 'none',
  secretPath: true,
  tag: 'Report page',
  summary: "A transcript's report page, for a person",
  description:
    'The link a transcript gives once analysed (`links.report`), to share: the same page as `GET /api/v1/transcript/{call_id}/report`. Its token is signed (HMAC-SHA256 under `REPORT_LINK_SECRET`) and names the workspace, the call and an expiry (`REPORT_LINK_EXPIRY_SECONDS`, 30 days); it opens that one page until then, as often as wanted. Strict Content-Security-Policy, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`. No api key: the link is the secret.',
  page: true,
  pathParameters: {
    token: {
      description: "The link's signed token: `r1.<payload>.<signature>`. A secret, as the link is: it is never logged.",
      example: 'r1.eyJ3IjoiZGVtbyIsImMiOiJnb25nLTc3ODEiLCJlIjoxNzk5OTk5OTk5fQ.hq0i3nm1xH0c4ihx2n8X9tJqS7wHjvG1a0sZb6mLQ2c',
    },
  },
  responses: {
    200: { description: 'The report page.', html: true, headers: ['Content-Security-Policy'] },
    404: {
      description: 'The link is not valid (malformed, forged or altered token, or its call is gone): a page that reveals nothing.',
      html: true,
    },
    409: { description: 'The call has no report (its analysis failed): a page saying so.', html: true },
    410: { description: 'The link has expired: a page saying so, and where a new one comes from.', html: true },
  },
  deployment: {
    permissions: { table: ['GetItem'], secrets: ['reportLinkSecret'], transcriptObjects: ['GetObject'] },
    memorySize: 1024,
    timeout: 29,
    bundle: { bytes: 1298432, zipBytes: 366592 },
  },
});
