/** A post (POST /social-selling/post): published from its account, then amplified by the groups it names. */
import { HttpError } from '../../errors';
import { logger } from '../../log';
import type { RetryKey } from '../../http/idempotency';
import { parsePostUrl } from '../../network/model/post-url';
import type { PostRef } from '../../network/model/post-url';
import type { PublishedPostDetails } from '../../network/network-actions';
import type { Job } from '../../store/jobs';
import { acceptCommentRequest } from '../accept/accept-comment';
import { acceptLikeRequest } from '../accept/accept-like';
import type { SubmitJobDeps } from '../accept/submit-job';
import type { ActionContext, StepResult } from './action-step';

/** The post's text (as approved, when its author edited it) published through the safety gate, under the account's daily post limit. */
export async function performPost({ provider, job, action, account, gate }: ActionContext<'post'>): Promise<StepResult> {
  await gate.pass('post');
  return { type: 'done', result: await provider.publishPost({ account, text: action.text ?? job.request.text }) };
}

/** The published post as the like and comment jobs name it: by its social id, in the URL form they accept. */
export function publishedPostRef(details: PublishedPostDetails | undefined): PostRef | undefined {
  const socialId = details?.socialId;
  return socialId ? parsePostUrl(`https://www.linkedin.com/feed/update/${socialId}/`) : undefined;
}

/** What amplifying a post did, kept in its action's details: the jobs it made, or why it made none. */
export interface Amplification {
  likeJobId?: string;
  commentJobId?: string;
  /** Why nothing (or not everything) was started: the post's address unknown, a group gone, a failure. */
  amplificationSkipped?: string;
}

/**
 * Once the post is out: the `amplify` groups' accounts react to it (a like job) and, with a
 * `comment`, comment on it (a comment job), as if the like and request-comment endpoints had been
 * called with the post's URL. Those jobs are the ordinary ones: planned, paced, approved (`ask`
 * accounts' comments) and gated as any other. Their ids are made from the post's job, so an
 * attempt that runs again finds them rather than making others. A failure here never fails the
 * post, which is published: it is said in `amplificationSkipped`.
 */
export async function amplifyPost(
  deps: SubmitJobDeps | undefined,
  job: Job<'post'>,
  details: PublishedPostDetails | undefined,
  now: Date,
): Promise<Amplification> {
  const amplify = job.request.amplify;
  if (!amplify) return {};
  if (!deps) return { amplificationSkipped: 'amplification is not configured on this worker' };
  const post = publishedPostRef(details);
  if (!post) return { amplificationSkipped: 'the network did not say which post it published, so nobody can react to it' };
  const retryKey = (what: string): RetryKey => ({ id: `${job.jobId}:amplify:${what}`, since: new Date(0) });
  const found: Amplification = {};
  try {
    const like = { url: post, groups: amplify.groups, reactionType: amplify.reactionType };
    found.likeJobId = (await acceptLikeRequest(deps, job.workspaceId, like, now, retryKey('like'))).jobId;
    if (amplify.comment !== undefined) {
      const comment = { url: post, groups: amplify.groups, comment: amplify.comment };
      found.commentJobId = (await acceptCommentRequest(deps, job.workspaceId, comment, now, retryKey('comment'))).jobId;
    }
  } catch (error) {
    logger.warn('a published post could not be amplified', { workspaceId: job.workspaceId, jobId: job.jobId, error: error as Error });
    // A refusal the caller would have heard (a group gone, full backlogs, the queue down) says why; anything else is ours.
    found.amplificationSkipped = error instanceof HttpError ? error.message : 'the amplification could not be started (an internal error)';
  }
  return found;
}
