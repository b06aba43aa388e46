import { getConfig } from '../../lib/config';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { insightsLinkOf } from '../../lib/reports/insights-link';
import { getInsights as getInsightsView } from '../../lib/insights/insights-view';
import type { Period } from '../../lib/insights/period';
import { reportLinkSettings } from '../../lib/reports/report-link';
import { getInsights as route } from '../../lib/routes/transcripts/get-insights';
import { secretOf } from '../../lib/secrets';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();
const config = getConfig();
const reportLinkSecret = secretOf('REPORT_LINK_SECRET', config);

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, query, now }) => {
    const links = reportLinkSettings(config, await reportLinkSecret());
    const pageLink = (period: Period) => insightsLinkOf(links, workspaceId, period, now);
    return ok(await getInsightsView(db, workspaceId, query, now, pageLink));
  },
});
