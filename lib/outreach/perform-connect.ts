import { ProviderError } from '../network/provider';
import type { ActionContext, StepResult } from './perform-action';

/** Provider refusals of an invitation that mean the job's goal is already met. */
const alreadyReasons = new Set(['already_connected', 'already_invited']);

/**
 * A connection request: nothing to do when they are already connected (`already_connected`) or
 * an invitation is pending (`already_invited`); else the invitation, with the note and email given.
 */
export async function performConnect({ provider, job, account, gate }: ActionContext): Promise<StepResult> {
  const person = await provider.resolveProfile({ account, profileUrl: String(job.request.target) });
  if (person.relation === 'connected') return alreadyDone(provider.name, 'already_connected', person.providerId);
  if (person.relation === 'invitation_pending') return alreadyDone(provider.name, 'already_invited', person.providerId);

  await gate.pass('invitation');
  try {
    const result = await provider.invite({
      account,
      providerId: person.providerId,
      message: job.request.message as string | undefined,
      email: job.request.email as string | undefined,
    });
    return { type: 'done', result };
  } catch (error) {
    if (!(error instanceof ProviderError) || !alreadyReasons.has(error.reason)) throw error;
    // The invitation did not go out: its quota is given back.
    await gate.releaseAll();
    return alreadyDone(provider.name, error.reason, person.providerId);
  }
}

function alreadyDone(provider: 'sandbox' | 'unipile', outcome: string, providerId: string): StepResult {
  return { type: 'done', result: { provider, outcome, details: { providerId } } };
}
