import type { NetworkProvider, ProviderResult } from '../../network/provider';
import type { ActionTarget } from '../../store/actions';
import { targetOf, type ActionContext, type StepResult } from './action-step';
import type { SafetyGate } from '../safety/safety-gate';
import type { ActingAccount } from '../../network/network-actions';
import { ProviderError } from '../../errors';

/**
 * A direct message (spec 3): connected → the message; an invitation pending → wait for its
 * acceptance (when it was sent is not the provider's to say: see `recordCall`); not connected → an
 * invitation without a note, then wait. Once the acceptance is seen
 * (`connectedAt`, set by the webhook or the connection watch) the message is sent to the person
 * resolved before, without asking the relation again.
 */
export async function performDm({ provider, job, action, account, gate, now }: ActionContext<'dm'>): Promise<StepResult> {
  const text = action.text ?? job.request.message;
  if (action.connectedAt && action.target) {
    return {
      type: 'done',
      result: await message(provider, gate, account, action.target, text, 'accepted_invitation'),
      target: action.target,
    };
  }
  // The visit is a touch of the network too: gated, and in the slot of the message (or invitation) it leads to.
  await gate.pass('visit', 'message');
  const person = await provider.resolveProfile({ account, profileUrl: job.request.target });
  const target = targetOf(person, job.request.target);
  if (person.relation === 'connected') {
    return { type: 'done', result: await message(provider, gate, account, target, text, 'existing'), target };
  }
  if (person.relation === 'invitation_pending') {
    return { type: 'awaiting_connection', target, result: { provider: provider.name, outcome: 'already_invited' } };
  }

  await gate.pass('invitation');
  try {
    // Spec 3: the invitation that precedes a DM carries no note.
    const invited = await provider.invite({ account, providerId: person.providerId });
    return { type: 'awaiting_connection', target, invitedAt: now, result: invited };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.reason === 'already_invited') {
      await gate.releaseAll();
      return { type: 'awaiting_connection', target, result: { provider: provider.name, outcome: 'already_invited' } };
    }
    if (error.reason === 'already_connected') {
      // Connected after all (the profile lagged): the message goes out now.
      await gate.releaseAll();
      return { type: 'done', result: await message(provider, gate, account, target, text, 'existing'), target };
    }
    throw error;
  }
}

async function message(
  provider: NetworkProvider,
  gate: SafetyGate,
  account: ActingAccount,
  target: ActionTarget,
  text: string,
  connection: 'existing' | 'accepted_invitation',
): Promise<ProviderResult> {
  await gate.pass('message');
  const sent = await provider.sendMessage({ account, providerId: target.providerId, text });
  return { ...sent, details: { ...sent.details, connection } };
}
