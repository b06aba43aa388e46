import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { getInsights as getInsightsView } from '../../lib/insights/insights-view';
import { getInsights as route } from '../../lib/routes/transcripts/get-insights';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, query, now }) => ok(await getInsightsView(db, workspaceId, query, now)),
});
