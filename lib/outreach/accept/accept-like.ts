import type { LikeRequest } from '../../schemas/like';
import type { Job } from '../../store/jobs';
import { resolveGroupAccounts } from './resolve-group-accounts';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';

/**
 * POST /social-selling/like: resolves the groups to their distinct active accounts and submits a
 * `like` job with one action per account. Returns the job.
 */
export async function acceptLikeRequest(deps: SubmitJobDeps, workspaceId: string, request: LikeRequest, now: Date): Promise<Job> {
  const accounts = await resolveGroupAccounts(deps.db, workspaceId, request.groups);
  const job = await submitJob(deps, {
    workspaceId,
    type: 'like',
    request: { url: request.url.url, post: request.url, groups: request.groups, reactionType: request.reactionType },
    accountIds: accounts.map((account) => account.accountId),
    accountsField: 'groups',
    now,
  });
  return job;
}
