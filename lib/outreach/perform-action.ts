import type { ActingAccount, NetworkProvider, ProviderResult } from '../network/provider';
import type { PostRef } from '../network/post-url';
import type { ReactionType } from '../schemas/reaction-type';
import type { Job } from '../store/jobs';

/** The one provider call an action of this job type makes. */
export async function performAction(provider: NetworkProvider, job: Job, account: ActingAccount): Promise<ProviderResult> {
  switch (job.type) {
    case 'like':
      return provider.react({
        account,
        post: job.request.post as PostRef,
        reactionType: job.request.reactionType as ReactionType,
      });
  }
}
