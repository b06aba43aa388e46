/** What an attempt that failed leaves for the next delivery of its message, and the end it comes to on the last one. */
import { logger } from '../../log';
import type { RunActionMessage } from '../../queue/messages';
import { rescheduleAction } from '../../store/action-attempts';
import { RecordingFailed } from '../../errors';
import type { RunActionDeps, Ending } from './run-action-deps';
import { outcomeUnknown } from './run-action-deps';

/**
 * The end of an action whose attempt, or the recording of it, failed on the last delivery of its
 * message. No delivery comes after this one, so an action left held or released would wait
 * forever: it ends failed. If the network call was made, it ends `outcome_unknown`, so that nobody
 * makes it again.
 */
export function endedOnLastDelivery(message: RunActionMessage, error: unknown, providerCalled: boolean): Ending {
  logger.error('action failed on the last delivery of its message; it ends failed', { ...message, providerCalled, error: error as Error });
  if (providerCalled) {
    return outcomeUnknown(
      'The network call was made, but its result could not be recorded because of an internal error. It is not retried, so that it is never made twice. Check on the network.',
    );
  }
  return { end: { status: 'failed', reason: 'internal_error', error: 'The action could not be completed because of an internal error.' } };
}

/**
 * After an unexpected error: releases the action (pending, no lease) and rethrows. The queue then
 * delivers the message again, and that delivery can take the action at once. If the release fails
 * too, the next delivery waits for the lease to run out.
 */
export async function giveBack(deps: RunActionDeps, message: RunActionMessage, leaseId: string, error: unknown): Promise<never> {
  const retry = {
    notBefore: new Date(),
    reason: 'internal_error',
    error: 'An attempt failed because of an internal error; it is retried.',
  };
  await rescheduleAction(deps.db, message, leaseId, retry, new Date()).catch((release: unknown) =>
    logger.warn('could not release the action after an error', { ...message, error: release as Error }),
  );
  throw error;
}

/**
 * A post went out but was not recorded. The action stays held until its lease ends, and a delivery
 * before then waits (see above). The delivery that takes it over then ends it `outcome_unknown`
 * without posting (see `attempt`).
 */
export function keepHeld(message: RunActionMessage, failure: RecordingFailed): never {
  logger.error('a post was made but could not be recorded; the action stays held until its lease ends', {
    ...message,
    error: failure.cause as Error,
  });
  throw failure.cause;
}
