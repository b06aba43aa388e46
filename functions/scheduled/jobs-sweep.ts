import { getConfig } from '../../lib/config';
import { logger } from '../../lib/log';
import { sweepStaleQueuedJobs } from '../../lib/outreach/jobs/sweep-stale-jobs';
import { defaultDb } from '../../lib/store/client';

const deps = { db: defaultDb(), staleAfterSeconds: getConfig().QUEUED_JOB_TIMEOUT_SECONDS };

export const handler = async (): Promise<void> => {
  logger.info('jobs sweep', { ...(await sweepStaleQueuedJobs(deps)) });
};
