import type { JobStatus } from '../../store/jobs';
import { getJob } from '../../store/jobs';
import { finalStatusOf, finishJobItem } from '../../store/job-ends';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { jobEventData } from '../../webhooks/event-data';

/**
 * Ends the job when none of its actions is left, with its `job.<status>` event. Safe to call any
 * number of times, from any worker: only the first call that sees `remaining = 0` on a running job
 * writes (and so the event is emitted once).
 */
export async function finishJobIfDone(deps: EventDeps, workspaceId: string, jobId: string, at: Date): Promise<JobStatus | undefined> {
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job || job.remaining > 0 || job.status !== 'running') return undefined;
  const status = finalStatusOf(job);
  const event = await prepareEvent(
    deps.db,
    workspaceId,
    `job.${status}` as const,
    jobEventData(job, status, at, deps.publicBaseUrl ?? ''),
    at,
  );
  return (await commitWithEvents(deps, [finishJobItem(deps.db, job, status, at)], [event])) ? status : undefined;
}
