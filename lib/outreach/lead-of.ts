import type { Action, ActionTarget } from '../store/actions';
import type { Job } from '../store/jobs';
import type { LeadIdentity } from '../store/leads';

/** The lead a connect or DM action makes of its person: who, through which account, from which job (with the email a connect gave). */
export function leadOf(job: Job, action: Action, providerAccountId: string, target: ActionTarget): LeadIdentity {
  const email = job.type === 'connect' && typeof job.request.email === 'string' ? job.request.email : undefined;
  return {
    workspaceId: action.workspaceId,
    accountId: action.accountId,
    accountName: action.accountName,
    providerAccountId,
    providerId: target.providerId,
    publicIdentifier: target.publicIdentifier,
    profileUrl: target.profileUrl,
    name: target.name,
    email,
    jobId: action.jobId,
    jobType: job.type === 'connect' ? 'connect' : 'dm',
  };
}
