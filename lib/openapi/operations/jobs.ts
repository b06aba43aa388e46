import { routeTable } from '../../http/routes';
import { jobActionsQuerySchema } from '../../schemas/job-actions-query';
import { jobListQuerySchema } from '../../schemas/job-list-query';
import { jobListSchema, jobSummarySchema, jobViewSchema } from '../../schemas/responses/job';
import type { OperationSpec } from './operation';

const tag = 'Jobs';
const jobId = {
  jobId: {
    description: 'The `jobId` a 202 gave (`job_` and 26 characters in the form of a ULID).',
    example: 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  },
};

export const jobOperations: OperationSpec[] = [
  {
    ...routeTable.getJob,
    tag,
    summary: "A job's progress, counts and each account's action",
    description:
      "Its counts, and its actions a page at a time (`limit`, 100 when absent; follow `links.next`, absent on the last page): a job of 10,000 accounts reads as fast as one of ten. Another workspace's job is a 404, exactly like one that does not exist. Jobs are kept 90 days.",
    pathParameters: jobId,
    query: jobActionsQuerySchema,
    responses: {
      200: { description: 'The job.', json: jobViewSchema },
      404: { description: 'No such job in this workspace.', problems: ['not-found'] },
    },
  },
  {
    ...routeTable.listJobs,
    tag,
    summary: "The workspace's jobs, newest first",
    description:
      'A page at a time, each job as `GET /api/v1/jobs/{jobId}` shows it without the per-account details; follow `links.next` (absent on the last page). Filter by `status`, `type` (`comment` is request-comment) and `since` (created at or after). A filtered page may hold fewer than `limit` jobs and still have a next page. A job created a moment ago may take a moment to be listed.',
    query: jobListQuerySchema,
    responses: { 200: { description: 'A page of jobs.', json: jobListSchema } },
  },
  {
    ...routeTable.cancelJob,
    tag,
    summary: 'Cancel a job: its actions not yet performed never reach the network',
    description:
      'The job ends `cancelled` at once and `job.cancelled` is sent. Every action not yet performed (pending, deferred, waiting for an approval or an acceptance) ends `cancelled` (`reason` `job_cancelled`), its approval withdrawn; an action being performed at that moment finishes, and actions already performed stay as they are. A job that already ended is a 409.',
    pathParameters: jobId,
    responses: {
      200: { description: 'The job, cancelled, with its counts as they now are.', json: jobSummarySchema },
      404: { description: 'No such job in this workspace.', problems: ['not-found'] },
      409: { description: 'The job already ended (its final status stays).', problems: ['job-already-ended'] },
    },
  },
];
