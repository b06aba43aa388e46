import type { DmRequest } from '../../schemas/dm';
import type { Job } from '../../store/jobs';
import type { RetryKey } from '../../http/idempotency';
import { resolveProfileAccount } from './resolve-profile-account';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';

/**
 * POST /social-selling/dm: `user`, an account of the workspace, messages `target`; approval first
 * with `get_approved`, an invitation first when they are not connected (see perform-dm).
 */
export async function acceptDmRequest(
  deps: SubmitJobDeps,
  workspaceId: string,
  request: DmRequest,
  now: Date,
  retryKey?: RetryKey,
): Promise<Job> {
  const user = await resolveProfileAccount(deps.db, workspaceId, request.user, 'user');
  const job = await submitJob(deps, {
    workspaceId,
    type: 'dm',
    request: { target: request.target, user: request.user, message: request.message, get_approved: request.get_approved },
    actors: { accountIds: [user.accountId] },
    accountsField: 'user',
    now,
    retryKey,
  });
  return job;
}
