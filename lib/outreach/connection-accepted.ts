import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log';
import type { RunActionMessage } from '../queue/messages';
import { sendMessage } from '../queue/send';
import type { Action } from '../store/actions';
import { resumeActionItem, transactIfCurrent } from '../store/actions';
import type { Db } from '../store/client';

export interface ConnectionAcceptedDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
}

/**
 * A DM's invitation was accepted (seen by the provider's webhook or by the connection watch): the
 * action leaves its wait, once, and is queued to send the message. Whichever sees it first wins;
 * the other finds the action no longer waiting and does nothing, so the DM is never sent twice.
 */
export async function markConnectionAccepted(
  deps: ConnectionAcceptedDeps,
  action: Action,
  seen: { connectedAt: Date; by: 'webhook' | 'watch' },
  now: Date,
): Promise<boolean> {
  const resumed = await transactIfCurrent(deps.db, [
    resumeActionItem(deps.db, action, 'awaiting_connection', { connectedAt: seen.connectedAt.toISOString(), acceptanceSeenBy: seen.by }, now),
  ]);
  if (!resumed) return false;
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  // Should this send be lost, the action sits in the dispatch outbox, which the watch re-sends from.
  await sendMessage(deps.sqs, deps.actionsQueueUrl, { body: message }).catch((error: unknown) =>
    logger.warn('could not enqueue an accepted connection; the watch will', { ...message, error: error as Error }),
  );
  return true;
}
