import type { ActionTarget } from '../../store/actions';
import { targetOf, type ActionContext, type StepResult } from './action-step';
import { ProviderError } from '../../errors';

/** Provider refusals of an invitation that mean the job's goal is already met. */
const alreadyReasons = new Set(['already_connected', 'already_invited']);

/**
 * A connection request: nothing to do when they are already connected (`already_connected`) or
 * an invitation is pending (`already_invited`); else the invitation, with the note and email given.
 */
export async function performConnect({ provider, job, account, gate }: ActionContext<'connect'>): Promise<StepResult> {
  // The visit is a touch of the network too: gated, and in the slot of the invitation it leads to.
  await gate.pass('visit', 'invitation');
  const person = await provider.resolveProfile({ account, profileUrl: job.request.target });
  const target = targetOf(person, job.request.target);
  if (person.relation === 'connected') return alreadyDone(provider.name, 'already_connected', target);
  if (person.relation === 'invitation_pending') return alreadyDone(provider.name, 'already_invited', target);

  await gate.pass('invitation');
  try {
    const result = await provider.invite({
      account,
      providerId: person.providerId,
      message: job.request.message,
      email: job.request.email,
    });
    return { type: 'done', result, target };
  } catch (error) {
    if (!(error instanceof ProviderError) || !alreadyReasons.has(error.reason)) throw error;
    // The invitation did not go out: its quota is given back.
    await gate.releaseAll();
    return alreadyDone(provider.name, error.reason, target);
  }
}

function alreadyDone(provider: 'sandbox' | 'unipile', outcome: string, target: ActionTarget): StepResult {
  return { type: 'done', result: { provider, outcome, details: { providerId: target.providerId } }, target };
}
