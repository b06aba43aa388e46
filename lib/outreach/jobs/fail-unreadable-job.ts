import { getJob } from '../../store/jobs';
import { failJobItem } from '../../store/job-ends';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { jobEventData } from '../../webhooks/event-data';

/**
 * If `raw` (a queue message, read or not) names a job that is not final yet, that job ends
 * `failed` with `reason` and its `job.failed` event, instead of waiting forever for work that
 * will not come; the message itself goes on to the DLQ.
 */
export async function failJobNamedBy(deps: EventDeps, raw: unknown, reason: string): Promise<void> {
  if (typeof raw !== 'object' || raw === null) return;
  const { workspaceId, jobId } = raw as Record<string, unknown>;
  if (typeof workspaceId !== 'string' || typeof jobId !== 'string' || !workspaceId || !jobId) return;
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job) return;
  const now = new Date();
  const event = await prepareEvent(
    deps.db,
    workspaceId,
    'job.failed',
    jobEventData({ ...job, failureReason: reason }, 'failed', now, deps.publicBaseUrl ?? ''),
    now,
  );
  await commitWithEvents(deps, [failJobItem(deps.db, workspaceId, jobId, reason, now)], [event]);
}

/** For a queue message that cannot be read: the job it still names ends `failed` (`unreadable_message`). */
export function failJobOfUnreadableMessage(deps: EventDeps, raw: unknown): Promise<void> {
  return failJobNamedBy(deps, raw, 'unreadable_message');
}
