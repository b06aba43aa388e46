import { getConfig } from '../../lib/config';
import { httpEndpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/http-result';
import { cancelJob as route } from '../../lib/routes/jobs/cancel-job';
import { cancelJob } from '../../lib/outreach/jobs/cancel-job';
import { defaultSqs } from '../../lib/queue/client';
import { defaultDb } from '../../lib/store/client';
import { eventDeps } from '../../lib/webhooks/emit-event';

const config = getConfig();
const deps = { db: defaultDb(), sqs: defaultSqs(), jobsQueueUrl: config.JOBS_QUEUE_URL, ...eventDeps(config) };

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, now }) => ok(await cancelJob(deps, workspaceId, pathParameters.jobId, now)),
});
