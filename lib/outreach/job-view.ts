import { NotFoundError } from '../errors';
import type { Action } from '../store/actions';
import type { Db } from '../store/client';
import { getJobWithActions } from '../store/jobs';

const JOB_ID_RE = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

export function jobLocation(jobId: string): string {
  return `/api/v1/jobs/${jobId}`;
}

function actionView(action: Action) {
  return {
    accountId: action.accountId,
    accountName: action.accountName,
    profileUrl: action.profileUrl,
    status: action.status,
    attempts: action.attempts,
    scheduledFor: action.notBefore,
    startedAt: action.startedAt,
    finishedAt: action.finishedAt,
    provider: action.provider,
    sandbox: action.provider === undefined ? undefined : action.provider === 'sandbox',
    result: action.outcome,
    details: action.details,
    reason: action.reason,
    error: action.error,
  };
}

/** GET /jobs/{jobId}: the job, its counts and each account's action. Another workspace's job is a 404. */
export async function getJobView(db: Db, workspaceId: string, jobId: string) {
  const notFound = new NotFoundError(`No job ${JSON.stringify(jobId.slice(0, 64))} in this workspace.`);
  if (!JOB_ID_RE.test(jobId)) throw notFound;
  const found = await getJobWithActions(db, workspaceId, jobId);
  if (!found) throw notFound;
  const { job, actions } = found;
  const count = (status: Action['status']) => actions.filter((action) => action.status === status).length;
  const { post: _post, ...request } = job.request;
  return {
    jobId: job.jobId,
    type: job.type,
    status: job.status,
    request,
    counts: {
      total: job.total,
      // Before planning, no action exists yet: all are pending.
      pending: actions.length ? count('pending') : job.total,
      running: count('running'),
      succeeded: job.succeeded,
      failed: job.failed,
    },
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    failureReason: job.failureReason,
    actions: actions.map(actionView),
  };
}
