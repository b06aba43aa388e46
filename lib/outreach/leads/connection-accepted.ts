import type { SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../../log';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import type { Action } from '../../store/actions';
import { resumeActionItem } from '../../store/action-ends';
import type { Db } from '../../store/client';
import { unwatchInvitationItem } from '../../store/invitation-watches';
import { recordLeadItem } from '../../store/leads';
import { listWebhooks } from '../../store/webhooks';
import type { EventDeps, PreparedEvent } from '../../webhooks/emit-event';
import { commitWithEvents, prepareEvent } from '../../webhooks/emit-event';
import { dmEventData, leadEventData } from '../../webhooks/event-data';
import { leadOf } from './lead-of';

export interface ConnectionAcceptedDeps extends EventDeps {
  db: Db;
  sqs: SQSClient;
  actionsQueueUrl: string;
}

/** Who saw an acceptance, when it happened, and the acting login (the provider's account id). */
export interface AcceptanceSeen {
  connectedAt: Date;
  by: 'webhook' | 'watch';
  providerAccountId: string;
}

/**
 * A DM's invitation was accepted (seen by the provider's webhook or by the connection watch): the
 * action leaves its wait, once, and is queued to send the message; its person's lead is marked
 * connected, and `connection.accepted` and `lead.connected` are emitted in the same transaction.
 * Whichever sees it first wins; the other finds the action no longer waiting and does nothing, so
 * neither the DM nor the events are ever doubled.
 */
export async function markConnectionAccepted(
  deps: ConnectionAcceptedDeps,
  action: Action,
  seen: AcceptanceSeen,
  now: Date,
): Promise<boolean> {
  const connectedAt = seen.connectedAt.toISOString();
  const items = [resumeActionItem(deps.db, action, 'awaiting_connection', { connectedAt, acceptanceSeenBy: seen.by }, now)];
  const events: PreparedEvent[] = [];
  const target = action.target;
  if (target) {
    const lead = leadOf(action, seen.providerAccountId, target, { jobType: 'dm' });
    // A connection request to the same person may have left its invitation watched: it is answered too.
    items.push(recordLeadItem(deps.db, lead, { connectedAt }, now), unwatchInvitationItem(deps.db, lead));
    const base = deps.publicBaseUrl ?? '';
    const endpoints = await listWebhooks(deps.db, action.workspaceId);
    events.push(
      await prepareEvent(
        deps.db,
        action.workspaceId,
        'connection.accepted',
        { ...dmEventData(action, target, base), invitedAt: action.invitedAt, connectedAt, seenBy: seen.by },
        now,
        { endpoints },
      ),
      await prepareEvent(deps.db, action.workspaceId, 'lead.connected', { ...leadEventData(lead, base), connectedAt }, now, { endpoints }),
    );
  }
  if (!(await commitWithEvents(deps, items, events))) return false;
  const message: RunActionMessage = { v: 1, workspaceId: action.workspaceId, jobId: action.jobId, accountId: action.accountId };
  // Should this send be lost, the action sits in the dispatch outbox, which the watch re-sends from.
  await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message }).catch((error: unknown) =>
    logger.warn('could not enqueue an accepted connection; the watch will', { ...message, error: error as Error }),
  );
  return true;
}
