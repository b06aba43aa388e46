import type { Action, ActionTarget } from '../../store/actions';
import type { Job } from '../../store/jobs';
import type { LeadIdentity } from '../../store/leads';

/** The lead an action makes of its person: who, through which account, from which job (and the email a connection request gave). */
export function leadOf(
  action: Action,
  providerAccountId: string,
  target: ActionTarget,
  from: { jobType: 'connect' | 'dm'; email?: string },
): LeadIdentity {
  return {
    workspaceId: action.workspaceId,
    accountId: action.accountId,
    accountName: action.accountName,
    providerAccountId,
    providerId: target.providerId,
    publicIdentifier: target.publicIdentifier,
    profileUrl: target.profileUrl,
    name: target.name,
    email: from.email,
    jobId: action.jobId,
    jobType: from.jobType,
  };
}

/** The lead of a connect or DM job's action. */
export function leadOfJob(job: Job, action: Action, providerAccountId: string, target: ActionTarget): LeadIdentity {
  const email = job.type === 'connect' ? job.request.email : undefined;
  return leadOf(action, providerAccountId, target, { jobType: job.type === 'connect' ? 'connect' : 'dm', email });
}
