import { defineRoute } from '../../http/route';
import { jobId, tag } from './parts';

export const cancelJob = defineRoute({
  name: 'cancelJob',
  method: 'POST',
  path: '/api/v1/jobs/{jobId}/cancel',
  auth: 'api-key',
  tag,
  summary: 'Cancel a job: its actions not yet performed never reach the network',
  description:
    'The job ends `cancelled` at once and `job.cancelled` is sent. Every action not yet performed (pending, deferred, waiting for an approval or an acceptance) ends `cancelled` (`reason` `job_cancelled`), its approval withdrawn; an action being performed at that moment finishes, and actions already performed stay as they are. A job that already ended is a 409.',
  pathParameters: jobId,
  responses: {
    200: { description: 'The job, cancelled, with its counts as they now are.', json: 'JobSummary' },
    404: { description: 'No such job in this workspace.', problems: ['not-found'] },
    409: { description: 'The job already ended (its final status stays).', problems: ['job-already-ended'] },
  },
  deployment: {
    permissions: { table: ['Query', 'ConditionCheckItem'], sendsTo: ['webhooks'] },
    bundle: { bytes: 876544, zipBytes: 260096 },
  },
});
