import type { Db } from '../store/client';
import { markJobFailed } from '../store/jobs';

/**
 * For a queue message that cannot be read: if it still names a job, that job ends `failed`
 * (reason `unreadable_message`) instead of waiting forever; the message itself goes to the DLQ.
 */
export async function failJobOfUnreadableMessage(db: Db, raw: unknown): Promise<void> {
  if (typeof raw !== 'object' || raw === null) return;
  const { workspaceId, jobId } = raw as Record<string, unknown>;
  if (typeof workspaceId !== 'string' || typeof jobId !== 'string' || !workspaceId || !jobId) return;
  await markJobFailed(db, workspaceId, jobId, 'unreadable_message', new Date());
}
