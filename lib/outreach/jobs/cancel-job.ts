import { ConflictError, NotFoundError } from '../../errors';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { PlanJobMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { listJobActionsPage } from '../../store/actions';
import { getJob, isFinalJobStatus } from '../../store/jobs';
import { cancelJobItem } from '../../store/job-ends';
import type { EventDeps } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { jobEventData } from '../../webhooks/event-data';
import { isJobId, jobSummaryView } from './job-view';
import { stopActions } from './stop-actions';

/** What cancelling needs: events, and the jobs queue that stops a big job's actions past the first page. */
export interface CancelJobDeps extends EventDeps {
  sqs: SQSClient;
  jobsQueueUrl: string;
}

/** Actions a cancel request stops itself; the jobs worker stops the rest, this many a message. */
export const STOP_PAGE = 100;

/**
 * POST /jobs/{jobId}/cancel. The job ends `cancelled` at once, with its `job.cancelled` event in the
 * same transaction; then every action no attempt holds ends `cancelled` (`job_cancelled`) and never
 * reaches the network: the first STOP_PAGE by the request, the rest a page a message by the jobs
 * worker (`stopCancelledJobActions`), so a job of 10,000 accounts answers as fast as one of ten.
 * An action an attempt had already taken, or one not stopped yet when its time comes, is either done
 * by it (it was under way) or stopped by it: the worker reads the job after it takes the action,
 * under its lease, and a cancelled job's action ends there. Performed actions stay as they are. A
 * job that had already ended is a 409; another workspace's, a 404.
 */
export async function cancelJob(deps: CancelJobDeps, workspaceId: string, jobId: string, now: Date) {
  const notFound = () => new NotFoundError(`No job ${JSON.stringify(jobId.slice(0, 64))} in this workspace.`);
  if (!isJobId(jobId)) throw notFound();
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job) throw notFound();
  const ended = () =>
    new ConflictError('job-already-ended', `The job has already ended (${job.status}); only a job that has not ended can be cancelled.`);
  if (isFinalJobStatus(job.status)) throw ended();
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
      `The job has already ended (${after?.status ?? 'meanwhile'}); only a job that has not ended can be cancelled.`,
    );
  }
  await stopPage(deps, { v: 1, workspaceId, jobId }, now);
  const cancelled = await getJob(deps.db, workspaceId, jobId);
  return jobSummaryView(cancelled ?? job);
}

/** Stops one page of a cancelled job's actions, and queues the next page's stop while more follow. */
async function stopPage(deps: CancelJobDeps, message: PlanJobMessage, now: Date): Promise<void> {
  const { workspaceId, jobId } = message;
  const page = await listJobActionsPage(deps.db, workspaceId, jobId, STOP_PAGE, message.stopAfter);
  await stopActions(deps.db, page.actions, { reason: 'job_cancelled', error: 'Its job was cancelled before this action ran.' }, now);
  if (page.next !== undefined) {
    await sendMessage(deps.sqs, 'jobs', deps.jobsQueueUrl, {
      body: { v: 1, workspaceId, jobId, stopAfter: page.next } satisfies PlanJobMessage,
    });
  }
}

/**
 * Jobs worker: a page of a cancelled job's actions after `stopAfter`, stopped as the cancel request
 * stops its first page; a redelivery stops nothing twice (a stopped action is not open any more).
 */
export function stopCancelledJobActions(deps: CancelJobDeps, message: PlanJobMessage, now = new Date()): Promise<void> {
  return stopPage(deps, message, now);
}
