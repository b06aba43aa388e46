import { defineRoute } from '../../http/route';
import { insightsQuerySchema } from '../../schemas/insights-query';

export const getInsights = defineRoute({
  name: 'getInsights',
  method: 'GET',
  path: '/api/v1/insights',
  auth: 'api-key',
  tag: 'Transcripts',
  summary: "Themes across the workspace's calls: objections, questions, pains and competitors over a period",
  description:
    "`from` and `to` (`YYYY-MM-DD`, UTC, both included; by default the last 30 days, at most 92) select calls by their start time. For each kind, the themes the period's calls raised, most first: how many calls raised each, against the period as long before (`trend`), and its best quotes linking to their calls. Counted as each call is analysed (calls analysed before insights existed are not counted). `links.page` is the same period's page, a signed link to share (`GET /insights/{token}`), when report links are configured.",
  query: insightsQuerySchema,
  responses: { 200: { description: 'The themes of the period.', json: 'Insights' } },
  deployment: {
    permissions: { table: ['Query'], secrets: ['reportLinkSecret'] },
    bundle: { bytes: 994304, zipBytes: 280576 },
  },
});
