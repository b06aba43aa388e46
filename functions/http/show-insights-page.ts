import { getConfig } from '../../lib/config';
import { publicEndpoint } from '../../lib/http/pipeline';
import { showInsightsByToken } from '../../lib/reports/insights-page-requests';
import { reportErrorPage } from '../../lib/reports/report-requests';
import { showInsightsPage as route } from '../../lib/routes/transcripts/show-insights-page';
import { secretOf } from '../../lib/secrets';
import { defaultDb } from '../../lib/store/client';

const config = getConfig();
const deps = { db: defaultDb(), secret: secretOf('REPORT_LINK_SECRET', config), publicBaseUrl: config.PUBLIC_BASE_URL };

export const handler = publicEndpoint({
  route,
  renderError: reportErrorPage,
  handle: ({ pathParameters, now }) => showInsightsByToken(deps, pathParameters.token, now),
});
