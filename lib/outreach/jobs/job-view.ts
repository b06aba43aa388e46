import { NotFoundError } from '../../errors';
import { jobLocation, publicUrl } from '../../http/links';
import type { Action, AwaitingStatus, FinalActionStatus } from '../../store/actions';
import { finalActionStatuses } from '../../store/actions';
import type { Db } from '../../store/client';
import type { Job, JobStatus } from '../../store/jobs';
import { DEFAULT_ACTIONS_PAGE_SIZE, encodeActionCursor, jobActionsQuerySchema } from '../../schemas/job-actions-query';
import { validateQuery } from '../../schemas/validate';
import { getJobPage } from '../../store/jobs';
import { endedCounts } from '../../store/job-ends';
import { amplificationOf, publishedPostOf } from '../../webhooks/event-data';

const JOB_ID_RE = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

function actionView(action: Action, publicBaseUrl: string) {
  const waiting = action.status === 'pending' || action.status === 'running';
  return {
    accountId: action.accountId,
    accountName: action.accountName,
    profileUrl: action.profileUrl,
    status: action.status,
    attempts: action.attempts,
    retriedAfter: action.retriedAfter,
    // What an approved comment or message posts or sends: the approver may have edited it.
    text: action.approval?.decision === 'approved' ? action.text : undefined,
    scheduledFor: waiting ? action.notBefore : undefined,
    deferredReason: action.status === 'pending' ? action.deferredReason : undefined,
    approval: action.approval && {
      approvalId: action.approval.approvalId,
      url: publicUrl(publicBaseUrl, action.approval.path),
      validUntil: action.approval.validUntil,
      decision: action.approval.decision,
    },
    // Set for every DM that waited for an invitation's acceptance (`invitedAt` only when its time is known).
    connection: action.awaitingUntil
      ? {
          target: action.target?.profileUrl,
          invitedAt: action.invitedAt,
          waitsUntil: action.awaitingUntil,
          acceptedAt: action.connectedAt,
          seenBy: action.acceptanceSeenBy,
        }
      : undefined,
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

/**
 * The status a caller sees: the stored one, except that a running job whose unfinished actions all
 * wait for an approval (or all for an invitation to be accepted) says so.
 */
function visibleStatus(job: Job, actions: Action[]): JobStatus | AwaitingStatus {
  if (job.status !== 'running') return job.status;
  const open = actions.filter((action) => !finalActionStatuses.includes(action.status as FinalActionStatus));
  for (const waiting of ['awaiting_approval', 'awaiting_connection'] as const) {
    if (open.length > 0 && open.every((action) => action.status === waiting)) return waiting;
  }
  return job.status;
}

/**
 * What the caller sees of the job's request: what they sent, URLs normalised. Not what the job
 * keeps for its workers: the parsed post (`post`; its URL is `url`) and who comments (`from`).
 */
function requestView(job: Job) {
  switch (job.type) {
    case 'like': {
      const { post: _post, ...request } = job.request;
      return request;
    }
    case 'comment': {
      const { post: _post, from: _from, ...request } = job.request;
      return request;
    }
    case 'connect':
    case 'dm':
    case 'post':
      return job.request;
  }
}

/**
 * A post job's post, once its action published it: where it is (null when the network did not
 * say), when, and what its amplification started. Undefined for other jobs, and before.
 */
function postView(job: Job, actions: Action[], publicBaseUrl: string) {
  if (job.type !== 'post') return undefined;
  const publishing = actions.find((action) => action.status === 'succeeded');
  if (!publishing) return undefined;
  return {
    ...publishedPostOf(publishing.details),
    publishedAt: publishing.finishedAt,
    ...(job.request.amplify ? { amplification: amplificationOf(publishing.details, publicBaseUrl) } : {}),
  };
}

/** A job as lists show it: its view without the per-account details, from the job item alone (its counters). */
export function jobSummaryView(job: Job) {
  return {
    jobId: job.jobId,
    type: job.type,
    status: job.status,
    request: requestView(job),
    warnings: job.warnings,
    counts: { ...endedCounts(job), unfinished: job.remaining },
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    cancelledAt: job.cancelledAt,
    failureReason: job.failureReason,
    links: { self: jobLocation(job.jobId) },
  };
}

/** Whether `jobId` can name a job (`job_` and a ULID): anything else is a 404 without a read. */
export function isJobId(jobId: string): boolean {
  return JOB_ID_RE.test(jobId);
}

/**
 * GET /jobs/{jobId}: the job, its counts and a page of its accounts' actions (when each is expected
 * to run and why it waits, its approval link, its invitation), `limit` at a time from `cursor`.
 * The counts are the job's counters, never recounted from its actions; how its unfinished actions
 * wait (pending, running, awaiting…) is told only when one page holds them all. Another
 * workspace's job is a 404.
 */
export async function getJobView(
  db: Db,
  workspaceId: string,
  jobId: string,
  publicBaseUrl = '',
  query: Record<string, string | undefined> = {},
) {
  // Made only when thrown: an Error captures a stack trace, a cost every found job would pay.
  const notFound = () => new NotFoundError(`No job ${JSON.stringify(jobId.slice(0, 64))} in this workspace.`);
  // The query first: a bad `limit` is a 400 whatever the id, as on every list.
  const { limit = DEFAULT_ACTIONS_PAGE_SIZE, cursor } = validateQuery(jobActionsQuerySchema, query);
  if (!isJobId(jobId)) throw notFound();
  const found = await getJobPage(db, workspaceId, jobId, limit, cursor);
  if (!found) throw notFound();
  const { job, actions, next } = found;
  // Every action of the job is on this page: how they wait can be told from them.
  const whole = cursor === undefined && next === undefined;
  const count = (status: Action['status']) => actions.filter((action) => action.status === status).length;
  const scheduled = actions.filter((action) => action.status === 'pending').map((action) => action.notBefore);
  const nextCursor = next === undefined ? undefined : encodeActionCursor(next);
  return {
    jobId: job.jobId,
    type: job.type,
    status: whole ? visibleStatus(job, actions) : job.status,
    request: requestView(job),
    warnings: job.warnings,
    counts: {
      ...endedCounts(job),
      unfinished: job.remaining,
      ...(whole
        ? {
            // Before planning, no action exists yet: all are pending.
            pending: actions.length ? count('pending') : job.total,
            running: count('running'),
            awaitingApproval: count('awaiting_approval'),
            awaitingConnection: count('awaiting_connection'),
          }
        : {}),
    },
    /** When the next pending action is expected to run (pacing, retries, working hours, limits). */
    nextRunAt: whole && scheduled.length ? scheduled.sort()[0] : undefined,
    post: postView(job, actions, publicBaseUrl),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
    cancelledAt: job.cancelledAt,
    failureReason: job.failureReason,
    actions: actions.map((action) => actionView(action, publicBaseUrl)),
    nextCursor,
    links: nextCursor ? { next: `${jobLocation(job.jobId)}?limit=${limit}&cursor=${nextCursor}` } : {},
  };
}
