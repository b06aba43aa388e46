/**
 * The actions worker: one attempt of one account's action of a job, step by step: claimed here (a
 * lease), attempted (attempt-action.ts), its call recorded (record-call.ts) or the action put back
 * to wait (defer-action.ts), retried or ended after a failure (failed-attempt.ts), and ended anyway
 * on the last delivery of its message (last-delivery.ts). The moves an action's status makes, here
 * and elsewhere, are action-states.ts's table.
 *
 * One rule cuts across them: a comment or a message is never posted twice. When one may have gone
 * out without being recorded, it is not tried again: the action ends `failed` (`outcome_unknown`),
 * at once or when the next delivery takes it over.
 */
import { randomUUID } from 'node:crypto';
import { logger } from '../../log';
import { countActionEnded } from '../../metrics';
import type { RunActionMessage } from '../../queue/messages';
import { sendMessage } from '../../queue/send';
import { LAST_DELIVERY } from '../../queue/sqs-worker';
import { finalActionStatuses, getAction } from '../../store/actions';
import { claimAction } from '../../store/action-attempts';
import { endActionItems } from '../../store/action-ends';
import { commitWithEvents } from '../../webhooks/emit-event';
import { finishJobIfDone } from '../jobs/finish-job';
import { RecordingFailed } from '../../errors';
import type { RunActionDeps, Ending, AttemptNotes } from './run-action-deps';
import { attempt } from './attempt-action';
import { endedOnLastDelivery, giveBack, keepHeld } from './last-delivery';

const finalStatuses = new Set<string>(finalActionStatuses);

/**
 * Runs one attempt of the action a message names (action-states.ts says where it goes next). SQS
 * may deliver a message twice: a duplicate finds the action held, waiting or ended, and does nothing.
 */
export async function runAction(deps: RunActionDeps, message: RunActionMessage, receiveCount = 1, now = new Date()): Promise<void> {
  const action = await getAction(deps.db, message);
  if (!action) {
    logger.warn('action not found; dropping the message', { ...message });
    return;
  }
  if (finalStatuses.has(action.status)) {
    // Already ended, so this is a redelivery. The delivery before may have crashed after ending the
    // action but before ending the job: try to end the job.
    await finishJobIfDone(deps, message.workspaceId, message.jobId, now);
    return;
  }
  const waitSeconds = (Date.parse(action.notBefore) - now.getTime()) / 1000;
  if (action.status === 'pending' && waitSeconds > 1) {
    // Not due yet: SQS delays a message by 15 minutes at most, or this one came early. Send it again for the rest of the wait.
    await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, { body: message, delaySeconds: waitSeconds });
    return;
  }

  const leaseId = randomUUID();
  const { claimed, current } = await claimAction(deps.db, message, leaseId, now, deps.leaseSeconds ?? 150);
  if (!claimed) {
    // Another attempt holds it (as it is now, not as read above), and it may have crashed. Look again
    // when its lease ends: this message may be the only one left that can take the action over.
    if (current?.status === 'running' && current.leaseUntil !== undefined) {
      await sendMessage(deps.sqs, 'actions', deps.actionsQueueUrl, {
        body: message,
        delaySeconds: Math.max(0, (current.leaseUntil - now.getTime()) / 1000) + 1,
      });
    }
    return;
  }

  const lastDelivery = receiveCount >= LAST_DELIVERY;
  // Claimed while `running`: the attempt before died, or could not record its call.
  const takenOver = action.status === 'running';
  // On the last delivery: the error the action ends failed with, instead of what the attempt did.
  let failure: unknown;
  let ending: Ending | 'waiting';
  const seen: AttemptNotes = {};
  try {
    ending = await attempt(deps, claimed, leaseId, now, takenOver, seen);
  } catch (error) {
    if (!lastDelivery) return error instanceof RecordingFailed ? keepHeld(message, error) : giveBack(deps, message, leaseId, error);
    failure = error;
    ending = endedOnLastDelivery(message, error, error instanceof RecordingFailed);
  }
  if (ending === 'waiting') return;
  const endedAt = new Date();
  const commit = (end: Ending) =>
    commitWithEvents(deps, [...endActionItems(deps.db, message, { leaseId }, end.end, endedAt), ...(end.items ?? [])], end.events ?? []);
  let committed: boolean;
  let ended = ending;
  try {
    committed = await commit(ending);
  } catch (error) {
    if (!lastDelivery)
      return ending.visibleCallMade ? keepHeld(message, new RecordingFailed(error)) : giveBack(deps, message, leaseId, error);
    // On the last delivery, try once more with a plain failed end. If that fails too, the message
    // goes to the dead-letter queue (which raises an alarm) and the action stays held.
    failure = error;
    ended = endedOnLastDelivery(message, error, ending.visibleCallMade === true);
    committed = await commit(ended);
  }
  if (committed) countActionEnded(seen.jobType ?? 'unknown', ended.end.status, message.jobId);
  if (!committed && failure !== undefined) {
    // The write was refused because our lease was gone. Either the attempt had released the action
    // itself (a deferral or a retry whose message then failed to send), or the first write landed
    // after all. If the action ended, its job may end now. If not, no delivery is left to take it
    // over: rethrow, so the message goes to the dead-letter queue and its alarm.
    const after = await getAction(deps.db, message);
    if (!after || !finalStatuses.has(after.status)) throw failure;
    committed = true;
  }
  if (committed) await finishJobIfDone(deps, message.workspaceId, message.jobId, endedAt);
}
