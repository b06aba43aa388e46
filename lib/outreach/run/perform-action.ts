import type { PostRef } from '../../network/model/post-url';
import type { ReactionType } from '../../schemas/reaction-type';
import { performConnect } from './perform-connect';
import { performDm } from './perform-dm';
import type { ActionContext, StepResult } from './action-step';

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
