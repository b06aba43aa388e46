import { hidingState } from '../../lib/connect/hide-state';
import { publicEndpoint } from '../../lib/http/pipeline';
import { routeTable } from '../../lib/http/routes';
import { defaultReportDeps } from '../../lib/reports/report-deps';
import { reportErrorPage, showReportByToken } from '../../lib/reports/report-requests';

const deps = defaultReportDeps();

export const handler = hidingState(
  routeTable.showTranscriptReport,
  publicEndpoint({
    route: routeTable.showTranscriptReport,
    renderError: reportErrorPage,
    handle: ({ pathParameters, now }) => showReportByToken(deps, pathParameters.token ?? '', now),
  }),
);
