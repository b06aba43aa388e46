import type { CommentRequest } from '../../schemas/comment';
import type { Job } from '../../store/jobs';
import type { RetryKey } from '../../http/idempotency';
import { checkGroupsToActFrom } from '../../groups/group-directory';
import { resolveProfileAccount } from './resolve-profile-account';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';

/**
 * POST /social-selling/request-comment: the group accounts (which take priority) or the commentor
 * comment on the post. Autopilot group accounts post at once (paced); `ask` accounts and a
 * commentor are asked to approve first (see plan-job). A commentor named beside groups is still
 * checked, so a typo is not silently ignored, but not used; the job says so.
 */
export async function acceptCommentRequest(
  deps: SubmitJobDeps,
  workspaceId: string,
  request: CommentRequest,
  now: Date,
  retryKey?: RetryKey,
): Promise<Job> {
  const commentor =
    request.commentor === undefined ? undefined : await resolveProfileAccount(deps.db, workspaceId, request.commentor, 'commentor');
  const groups = request.groups ? await checkGroupsToActFrom(deps.db, workspaceId, request.groups) : undefined;
  const warnings =
    request.groups && commentor ? ['commentor was not used: when groups are given, the accounts of the groups comment (spec 2.2).'] : [];
  const job = await submitJob(deps, {
    workspaceId,
    type: 'comment',
    request: {
      url: request.url.url,
      post: request.url,
      comment: request.comment,
      ...(request.groups ? { groups: request.groups } : {}),
      ...(request.commentor ? { commentor: request.commentor } : {}),
      from: request.groups ? 'groups' : 'commentor',
    },
    actors: groups ? { groupAccountCount: groups.accountCount } : { accountIds: [commentor!.accountId] },
    accountsField: request.groups ? 'groups' : 'commentor',
    warnings,
    now,
    retryKey,
  });
  return job;
}
