import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/response';
import { routeTable } from '../../lib/http/routes';
import { listJobsPage } from '../../lib/outreach/jobs/list-jobs';
import { defaultDb } from '../../lib/store/client';

const db = defaultDb();

export const handler = httpEndpoint({
  route: routeTable.listJobs,
  handle: async ({ workspaceId, query }) => ok(await listJobsPage(db, workspaceId, query)),
});
