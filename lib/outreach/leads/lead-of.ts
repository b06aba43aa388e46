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

/** The lead of a connect or DM job's action (the jobs that reach a person). */
export function leadOfJob(job: Job<'connect' | 'dm'>, action: Action, providerAccountId: string, target: ActionTarget): LeadIdentity {
  return leadOf(
    action,
    providerAccountId,
    target,
    job.type === 'connect' ? { jobType: 'connect', email: job.request.email } : { jobType: 'dm' },
  );
}
