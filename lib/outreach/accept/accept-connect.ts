import type { ConnectRequest } from '../../schemas/connect';
import type { Job } from '../../store/jobs';
import type { RetryKey } from '../../http/idempotency';
import { resolveProfileAccount } from './resolve-profile-account';
import type { SubmitJobDeps } from './submit-job';
import { submitJob } from './submit-job';

/** POST /social-selling/connect: `user`, an account of the workspace, invites `target`. */
export async function acceptConnectRequest(
  deps: SubmitJobDeps,
  workspaceId: string,
  request: ConnectRequest,
  now: Date,
  retryKey?: RetryKey,
): Promise<Job> {
  const user = await resolveProfileAccount(deps.db, workspaceId, request.user, 'user');
  const job = await submitJob(deps, {
    workspaceId,
    type: 'connect',
    request: {
      target: request.target,
      user: request.user,
      ...(request.message !== undefined ? { message: request.message } : {}),
      ...(request.email !== undefined ? { email: request.email } : {}),
    },
    actors: { accountIds: [user.accountId] },
    accountsField: 'user',
    now,
    retryKey,
  });
  return job;
}
