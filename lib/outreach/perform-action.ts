import type { ActingAccount, NetworkProvider, ProviderResult } from '../network/provider';
import type { PostRef } from '../network/post-url';
import type { ReactionType } from '../schemas/reaction-type';
import type { Action, ActionTarget } from '../store/actions';
import type { Job } from '../store/jobs';
import { performConnect } from './perform-connect';
import { performDm } from './perform-dm';
import type { SafetyGate } from './safety-gate';

/** What one attempt of an action needs: the provider, the job and action, who acts, and the safety gate. */
export interface ActionContext {
  provider: NetworkProvider;
  job: Job;
  action: Action;
  account: ActingAccount;
  gate: SafetyGate;
  now: Date;
}

/** How an attempt went, when no error was thrown: done, or (DM) waiting for an invitation to be accepted. */
export type StepResult =
  /** `target`: the person invited or messaged (connect, DM), whom the workspace may hear of again as a lead. */
  | { type: 'done'; result: ProviderResult; target?: ActionTarget }
  /** `invitedAt`: when this attempt sent the invitation; absent when it found one already pending. */
  | { type: 'awaiting_connection'; target: ActionTarget; invitedAt?: Date; result: ProviderResult };

/**
 * The provider calls an action of this job type makes in one attempt. Each write passes the
 * safety gate first; failures are thrown (ProviderError, Deferral, KindDisabledError).
 */
export async function performAction(context: ActionContext): Promise<StepResult> {
  const { provider, job, action, account, gate } = context;
  switch (job.type) {
    case 'like':
      await gate.pass('reaction');
      return {
        type: 'done',
        result: await provider.react({ account, post: job.request.post as PostRef, reactionType: job.request.reactionType as ReactionType }),
      };
    case 'comment':
      await gate.pass('comment');
      return {
        type: 'done',
        result: await provider.comment({ account, post: job.request.post as PostRef, text: action.text ?? String(job.request.comment) }),
      };
    case 'connect':
      return performConnect(context);
    case 'dm':
      return performDm(context);
  }
}
