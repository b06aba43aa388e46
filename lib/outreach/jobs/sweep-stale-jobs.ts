import { logger } from '../../log';
import type { Db } from '../../store/client';
import { failJob } from '../../store/job-ends';
import { listUntakenQueuedJobs } from '../../store/job-lists';

/**
 * The reason on a job no planner ever took: almost always the request that created it was cut off
 * (Lambda timeout, crash) between recording the job and queueing its message, so its caller got
 * no 202 and has most likely retried. It was not started.
 */
export const NOT_QUEUED = 'not_queued';

export interface SweepStaleJobsDeps {
  db: Db;
  /** A queued job no planner took for this long is failed (QUEUED_JOB_TIMEOUT_SECONDS). */
  staleAfterSeconds: number;
  /** Jobs read from each shard of the queued index per run; the next run reads on. */
  perShard?: number;
}

/**
 * The scheduled sweep of jobs left `queued` with no message to run them. Running such a job late
 * would duplicate the caller's retry, so it ends `failed` (`not_queued`), only if it is still
 * queued and untaken (a planner taking it concurrently wins). No `job.failed` event: the caller was
 * never told the job exists (no 202), like a job withdrawn when its enqueue fails.
 */
export async function sweepStaleQueuedJobs(deps: SweepStaleJobsDeps, now = new Date()): Promise<{ examined: number; failed: number }> {
  const createdBefore = new Date(now.getTime() - deps.staleAfterSeconds * 1000);
  const stale = await listUntakenQueuedJobs(deps.db, createdBefore, deps.perShard ?? 25);
  let failed = 0;
  for (const job of stale) {
    if (await failJob(deps.db, job.workspaceId, job.jobId, NOT_QUEUED, now, { untakenOnly: true })) {
      failed += 1;
      logger.warn('failed a job no planner took: its request never queued it', {
        workspaceId: job.workspaceId,
        jobId: job.jobId,
        createdAt: job.createdAt,
      });
    }
  }
  return { examined: stale.length, failed };
}
