import { httpEndpoint } from '../../lib/http/endpoint';
import { getTranscriptReport as route } from '../../lib/routes/transcripts/get-transcript-report';
import { defaultReportDeps } from '../../lib/reports/report-deps';
import { showReportOfCall } from '../../lib/reports/report-requests';

const deps = defaultReportDeps();

export const handler = httpEndpoint({
  route,
  db: deps.db,
  handle: ({ workspaceId, pathParameters }) => showReportOfCall(deps, workspaceId, pathParameters.call_id),
});
