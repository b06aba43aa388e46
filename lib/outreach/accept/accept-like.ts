import type { LikeRequest } from '../../schemas/like';
import type { Job } from '../../store/jobs';
import type { RetryKey } from '../../http/idempotency';
import { checkGroupsToActFrom } from '../../groups/group-directory';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';

/**
 * POST /social-selling/like: checks the groups (known, each with an active account) and submits a
 * `like` job, planned into one action per distinct active account of the groups. Returns the job.
 */
export async function acceptLikeRequest(
  deps: SubmitJobDeps,
  workspaceId: string,
  request: LikeRequest,
  now: Date,
  retryKey?: RetryKey,
): Promise<Job> {
  const { accountCount } = await checkGroupsToActFrom(deps.db, workspaceId, request.groups);
  const job = await submitJob(deps, {
    workspaceId,
    type: 'like',
    request: { url: request.url.url, post: request.url, groups: request.groups, reactionType: request.reactionType },
    actors: { groupAccountCount: accountCount },
    accountsField: 'groups',
    now,
    retryKey,
  });
  return job;
}
