import { defineRoute } from '../../http/route';
import { jobActionsQuerySchema } from '../../schemas/job-actions-query';
import { jobId, tag } from './parts';

export const getJob = defineRoute({
  name: 'getJob',
  method: 'GET',
  path: '/api/v1/jobs/{jobId}',
  auth: 'api-key',
  tag,
  summary: "A job's progress, counts and each account's action",
  description:
    "Its counts, and its actions a page at a time (`limit`, 100 when absent; follow `links.next`, absent on the last page): a job of 10,000 accounts reads as fast as one of ten. Another workspace's job is a 404, exactly like one that does not exist. Jobs are kept 90 days.",
  pathParameters: jobId,
  query: jobActionsQuerySchema,
  responses: {
    200: { description: 'The job.', json: 'Job' },
    404: { description: 'No such job in this workspace.', problems: ['not-found'] },
  },
  deployment: {
    permissions: { table: ['Query'] },
    bundle: { bytes: 823296, zipBytes: 244736 },
  },
});
