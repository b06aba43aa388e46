import { publicEndpoint } from '../../lib/http/pipeline';
import { showTranscriptReport as route } from '../../lib/routes/transcripts/show-transcript-report';
import { defaultReportDeps } from '../../lib/reports/report-deps';
import { reportErrorPage, showReportByToken } from '../../lib/reports/report-requests';
import { secretOf } from '../../lib/secrets';

const deps = { ...defaultReportDeps(), secret: secretOf('REPORT_LINK_SECRET') };

export const handler = publicEndpoint({
  route,
  renderError: reportErrorPage,
  handle: ({ pathParameters, now }) => showReportByToken(deps, pathParameters.token, now),
});
