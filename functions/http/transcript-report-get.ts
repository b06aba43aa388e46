import { httpEndpoint } from '../../lib/http/endpoint';
import { routeTable } from '../../lib/http/routes';
import { defaultReportDeps } from '../../lib/reports/report-deps';
import { showReportOfCall } from '../../lib/reports/report-requests';

const deps = defaultReportDeps();

export const handler = httpEndpoint({
  route: routeTable.getTranscriptReport,
  db: deps.db,
  handle: ({ workspaceId, pathParameters }) => showReportOfCall(deps, workspaceId, pathParameters.call_id ?? ''),
});
