import { performConnect } from './perform-connect';
import { performDm } from './perform-dm';
import { performPost } from './perform-post';
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
        result: await provider.react({ account, post: job.request.post, reactionType: job.request.reactionType }),
      };
    case 'comment':
      await gate.pass('comment');
      return {
        type: 'done',
        result: await provider.comment({ account, post: job.request.post, text: action.text ?? job.request.comment }),
      };
    case 'connect':
      return performConnect({ ...context, job });
    case 'dm':
      return performDm({ ...context, job });
    case 'post':
      return performPost({ ...context, job });
  }
}
