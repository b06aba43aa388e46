import { DEFAULT_PAGE_SIZE } from '../../schemas/page-limit';
import { encodeJobCursor, jobListQuerySchema } from '../../schemas/job-list-query';
import { validateQuery } from '../../schemas/validate';
import type { Db } from '../../store/client';
import { listJobs } from '../../store/job-lists';
import { jobSummaryView } from './job-view';

/**
 * GET /jobs: a page of the workspace's jobs, newest first, filtered by `status`, `type` and `since`
 * (created at or after), with the link to the next page while there may be one.
 */
export async function listJobsPage(db: Db, workspaceId: string, query: Record<string, string | undefined>) {
  const { limit = DEFAULT_PAGE_SIZE, cursor, ...filter } = validateQuery(jobListQuerySchema, query);
  const page = await listJobs(db, workspaceId, filter, limit, cursor);
  const next = page.next ? encodeJobCursor(page.next) : undefined;
  const params = new URLSearchParams({
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(query.since && filter.since ? { since: query.since } : {}),
    limit: String(limit),
  });
  return {
    items: page.items.map(jobSummaryView),
    ...(next ? { nextCursor: next, links: { next: `/api/v1/jobs?${params.toString()}&cursor=${next}` } } : { links: {} }),
  };
}
