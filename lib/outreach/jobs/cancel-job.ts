import { ConflictError, NotFoundError } from '../../errors';
import { listJobActions } from '../../store/actions';
import { cancelJobItem, finalJobStatuses, getJob } from '../../store/jobs';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { jobEventData } from '../../webhooks/event-data';
import { isJobId, jobSummaryView } from './job-view';
import { stopActions } from './stop-actions';

/**
 * POST /jobs/{jobId}/cancel. The job ends `cancelled` at once, with its `job.cancelled` event in the
 * same transaction; then every action no attempt holds ends `cancelled` (`job_cancelled`) and never
 * reaches the network. An action an attempt had already taken is either done by it (it was under
 * way) or stopped by it: the worker reads the job after it takes the action, under its lease, and a
 * cancelled job's action ends there. Performed actions stay as they are. A job that had already
 * ended is a 409; another workspace's, a 404.
 */
export async function cancelJob(deps: EventDeps, workspaceId: string, jobId: string, now: Date) {
  const notFound = () => new NotFoundError(`No job ${JSON.stringify(jobId.slice(0, 64))} in this workspace.`);
  if (!isJobId(jobId)) throw notFound();
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job) throw notFound();
  const ended = () => new ConflictError('job-already-ended', `The job already ended ${job.status}; only a job not ended can be cancelled.`);
  if (finalJobStatuses.includes(job.status)) throw ended();
  const event = await prepareEvent(
    deps.db,
    workspaceId,
    'job.cancelled',
    jobEventData(job, 'cancelled', now, deps.publicBaseUrl ?? ''),
    now,
  );
  if (!(await commitWithEvents(deps, [cancelJobItem(deps.db, workspaceId, jobId, now)], [event]))) {
    // It ended between the read and the write.
    const after = await getJob(deps.db, workspaceId, jobId);
    throw new ConflictError(
      'job-already-ended',
      `The job already ended ${after?.status ?? 'meanwhile'}; only a job not ended can be cancelled.`,
    );
  }
  await stopActions(
    deps.db,
    await listJobActions(deps.db, workspaceId, jobId),
    { reason: 'job_cancelled', error: 'Its job was cancelled before this action ran.' },
    now,
  );
  const cancelled = await getJob(deps.db, workspaceId, jobId);
  return jobSummaryView(cancelled ?? job);
}
