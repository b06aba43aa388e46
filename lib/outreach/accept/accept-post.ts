import type { PostRequest } from '../../schemas/post';
import type { Job } from '../../store/jobs';
import type { RetryKey } from '../../http/idempotency';
import { checkGroupsToActFrom } from '../../groups/group-directory';
import { resolveProfileAccount } from './resolve-profile-account';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';
import { ideaDraftText } from '../../transcripts/idea-draft';

/**
 * POST /social-selling/post: `user`, an account of the workspace, publishes the text (or a
 * transcript idea's post draft, read now: the job keeps its text); approval
 * first unless `get_approved` is false, then, with `amplify`, its groups react (perform-post.ts).
 * The amplify groups are checked now, as a like's are, so a typo is a 422 rather than a post
 * nobody reacts to; their accounts are read when the post is out.
 */
export async function acceptPostRequest(
  deps: SubmitJobDeps,
  workspaceId: string,
  request: PostRequest,
  now: Date,
  retryKey?: RetryKey,
): Promise<Job> {
  const user = await resolveProfileAccount(deps.db, workspaceId, request.user, 'user');
  if (request.amplify) await checkGroupsToActFrom(deps.db, workspaceId, request.amplify.groups, 'amplify.groups');
  // The schema lets through `text` or `draft`, exactly one of them.
  const text = request.draft ? await ideaDraftText(deps.db, workspaceId, request.draft) : (request.text ?? '');
  const job = await submitJob(deps, {
    workspaceId,
    type: 'post',
    request: { ...request, text },
    actors: { accountIds: [user.accountId] },
    accountsField: 'user',
    now,
    retryKey,
  });
  return job;
}
