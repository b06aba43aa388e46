import { failJobItem, getJob } from '../store/jobs';
import type { EventDeps } from '../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../webhooks/emit-event';
import { jobEventData } from '../webhooks/event-data';

const REASON = 'unreadable_message';

/**
 * For a queue message that cannot be read: if it still names a job, that job ends `failed`
 * (reason `unreadable_message`, with its `job.failed` event) instead of waiting forever; the
 * message itself goes to the DLQ.
 */
export async function failJobOfUnreadableMessage(deps: EventDeps, raw: unknown): Promise<void> {
  if (typeof raw !== 'object' || raw === null) return;
  const { workspaceId, jobId } = raw as Record<string, unknown>;
  if (typeof workspaceId !== 'string' || typeof jobId !== 'string' || !workspaceId || !jobId) return;
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job) return;
  const now = new Date();
  const event = await prepareEvent(deps.db, workspaceId, 'job.failed', jobEventData({ ...job, failureReason: REASON }, 'failed', now, deps.publicBaseUrl ?? ''), now);
  await commitWithEvents(deps, [failJobItem(deps.db, workspaceId, jobId, REASON, now)], [event]);
}
