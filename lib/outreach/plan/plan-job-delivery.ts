import { logger } from '../../log';
import type { PlanJobMessage } from '../../queue/messages';
import { LAST_DELIVERY } from '../../queue/sqs-worker';
import { failJobNamedBy } from '../jobs/fail-unreadable-job';
import type { PlanJobDeps } from './plan-job';
import { planJob } from './plan-job';

/**
 * One delivery of a plan message: plans the job; when planning still fails on the queue's last
 * delivery, the job ends `failed` (`planning_failed`, with its event) before the message goes to
 * the DLQ, so it never waits `queued` for a plan that will not come.
 */
export async function planJobDelivery(deps: PlanJobDeps, message: PlanJobMessage, receiveCount: number): Promise<void> {
  try {
    await planJob(deps, message);
  } catch (error) {
    if (receiveCount >= LAST_DELIVERY) {
      logger.error('job planning failed on its last delivery', {
        workspaceId: message.workspaceId,
        jobId: message.jobId,
        error: error as Error,
      });
      await failJobNamedBy(deps, message, PLANNING_FAILED);
    }
    throw error;
  }
}

/** The reason of a job whose planning failed on every delivery of its message. */
export const PLANNING_FAILED = 'planning_failed';
