import { getConfig } from '../../lib/config';
import { httpEndpoint } from '../../lib/http/endpoint';
import { getJobView } from '../../lib/outreach/jobs/job-view';
import { defaultDb } from '../../lib/store/client';
import { getJob as route } from '../../lib/routes/jobs/get-job';
import { ok } from '../../lib/http/http-result';

const db = defaultDb();
const { PUBLIC_BASE_URL } = getConfig();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, query }) =>
    ok(await getJobView(db, workspaceId, pathParameters.jobId, PUBLIC_BASE_URL, query)),
});
