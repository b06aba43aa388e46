import { getConfig } from '../../lib/config';
import { sweepStaleQueuedJobs } from '../../lib/outreach/jobs/sweep-stale-jobs';
import { scheduledTask } from '../../lib/scheduled-task';
import { defaultDb } from '../../lib/store/client';

const deps = { db: defaultDb(), staleAfterSeconds: getConfig().QUEUED_JOB_TIMEOUT_SECONDS };

export const handler = scheduledTask('jobs sweep', () => sweepStaleQueuedJobs(deps));
