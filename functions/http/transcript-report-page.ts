import { hidingState } from '../../lib/connect/hide-state';
import { publicEndpoint } from '../../lib/http/pipeline';
import { routeTable } from '../../lib/http/routes';
import { defaultReportDeps } from '../../lib/reports/report-deps';
import { reportErrorPage, showReportByToken } from '../../lib/reports/report-requests';
import { secretOf } from '../../lib/secrets';

const deps = { ...defaultReportDeps(), secret: secretOf('REPORT_LINK_SECRET') };

export const handler = hidingState(
  routeTable.showTranscriptReport,
  publicEndpoint({
    route: routeTable.showTranscriptReport,
    renderError: reportErrorPage,
    handle: ({ pathParameters, now }) => showReportByToken(deps, pathParameters.token ?? '', now),
  }),
);
