import { defineRoute } from '../../http/route';
import { jobListQuerySchema } from '../../schemas/job-list-query';
import { tag } from './parts';

export const listJobs = defineRoute({
  name: 'listJobs',
  method: 'GET',
  path: '/api/v1/jobs',
  auth: 'api-key',
  tag,
  summary: "The workspace's jobs, newest first",
  description:
    'A page at a time, each job as `GET /api/v1/jobs/{jobId}` shows it without the per-account details; follow `links.next` (absent on the last page). Filter by `status`, `type` (`comment` is request-comment) and `since` (created at or after). A filtered page may hold fewer than `limit` jobs and still have a next page. A job created a moment ago may take a moment to be listed.',
  query: jobListQuerySchema,
  responses: { 200: { description: 'A page of jobs.', json: 'JobList' } },
  deployment: {
    permissions: { queries: ['gsi2'] },
    bundle: { bytes: 835584, zipBytes: 248832 },
  },
});
