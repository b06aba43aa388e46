import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log';
import type { PlanJobMessage, RunActionMessage } from '../queue/messages';
import { sendMessages } from '../queue/send';
import { getAccounts } from '../store/accounts';
import type { Action } from '../store/actions';
import { createActionOnce } from '../store/actions';
import type { Db } from '../store/client';
import { getJob, markJobPlanned } from '../store/jobs';
import { getWorkspace } from '../store/workspaces';
import { pacingOffsetMs } from './pacing';

export interface PlanJobDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  defaultPacingWindowSeconds: number;
}

/**
 * Jobs worker: fans a queued job out to one action per account, each scheduled at a paced time,
 * and enqueues them. Idempotent: a redelivered message finds the job planned and stops, and a
 * plan interrupted half-way is finished by the redelivery (actions are created once).
 */
export async function planJob(deps: PlanJobDeps, message: PlanJobMessage, now = new Date()): Promise<void> {
  const { workspaceId, jobId } = message;
  const job = await getJob(deps.db, workspaceId, jobId);
  if (!job) {
    logger.warn('job to plan not found; dropping the message', { workspaceId, jobId });
    return;
  }
  if (job.status !== 'queued') return;

  const workspace = await getWorkspace(deps.db, workspaceId);
  const windowSeconds = workspace?.settings.pacingWindowSeconds ?? deps.defaultPacingWindowSeconds;
  const accounts = new Map((await getAccounts(deps.db, workspaceId, job.accountIds)).map((account) => [account.accountId, account]));
  const at = now.toISOString();

  const actions: Action[] = [];
  for (let i = 0; i < job.accountIds.length; i += 25) {
    const chunk = job.accountIds.slice(i, i + 25);
    actions.push(
      ...(await Promise.all(
        chunk.map((accountId) =>
          createActionOnce(deps.db, {
            workspaceId,
            jobId,
            accountId,
            accountName: accounts.get(accountId)?.name,
            profileUrl: accounts.get(accountId)?.profileUrl,
            status: 'pending',
            attempts: 0,
            notBefore: new Date(now.getTime() + pacingOffsetMs(jobId, accountId, windowSeconds)).toISOString(),
            createdAt: at,
            updatedAt: at,
            expiresAt: job.expiresAt,
          }),
        ),
      )),
    );
  }

  await sendMessages(
    deps.sqs,
    deps.actionsQueueUrl,
    actions
      .filter((action) => action.status === 'pending')
      .map((action) => {
        const body: RunActionMessage = { v: 1, workspaceId, jobId, accountId: action.accountId };
        return { body, delaySeconds: (Date.parse(action.notBefore) - now.getTime()) / 1000 };
      }),
  );
  await markJobPlanned(deps.db, workspaceId, jobId, now);
}
