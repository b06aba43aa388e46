import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { listJobs as route } from '../../lib/routes/jobs/list-jobs';
import { listJobsPage } from '../../lib/outreach/jobs/list-jobs';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, query }) => ok(await listJobsPage(db, workspaceId, query)),
});
