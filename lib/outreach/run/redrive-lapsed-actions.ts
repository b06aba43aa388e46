import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { listLapsedLeases } from '../../store/actions';
import { touchLapsedLease } from '../../store/action-attempts';
import type { Db } from '../../store/client';

/**
 * How long after its lease ended an action still held is taken to have no delivery left: the actions
 * queue's visibility timeout (serverless.yml). By then the message of an attempt that died has come
 * back, and its next delivery has taken the action over.
 */
export const LAPSED_LEASE_SECONDS = 180;

export interface RedriveDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
  /** How long past its lease an action may stay held before it is re-driven (LAPSED_LEASE_SECONDS when absent). */
  lapsedLeaseSeconds?: number;
  /** Most actions re-driven a run (the oldest first); the next run goes on. */
  perRun?: number;
}

/**
 * The safety net under the leases of the actions worker. An attempt holds its action (`running`)
 * until it ends it or puts it back to pending with a new message; if the attempt dies, its message
 * comes back and the next delivery takes the action over once the lease has run out. An action still
 * held long after its lease ended has no delivery left to do that: its message was deleted, or went
 * to the dead-letter queue, while the action stayed running. Left so, it and its job would never end,
 * and nothing would say why. So it gets a message again, and that delivery takes it over as after a
 * crash: a reaction or an invitation is made if it was not, a comment or a message ends `failed`
 * (`outcome_unknown`), never posted twice (run-action.ts). Returns how many were re-driven.
 */
export async function redriveLapsedActions(deps: RedriveDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - (deps.lapsedLeaseSeconds ?? LAPSED_LEASE_SECONDS) * 1000);
  const lapsed = await listLapsedLeases(deps.db, before, deps.perRun ?? 100);
  for (const action of lapsed) {
    const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
    await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message });
    await touchLapsedLease(deps.db, action, now);
    // Each one is a message lost on a path that should not lose it: worth a look.
    logger.warn('re-drove an action held past its lease with no delivery left to take it over', {
      ...message,
      leaseUntil: action.leaseUntil === undefined ? undefined : new Date(action.leaseUntil).toISOString(),
    });
  }
  return lapsed.length;
}
