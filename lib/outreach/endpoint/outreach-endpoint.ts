import type { BodyOf, HttpHandler } from '../../http/pipeline';
import type { RetryKey } from '../../http/idempotency';
import type { Route } from '../../http/route';
import { httpEndpoint } from '../../http/endpoint';
import type { Job } from '../../store/jobs';
import { defaultSubmitJobDeps } from '../default-deps';
import type { SubmitJobDeps } from '../accept/submit-job';
import { acceptedJob } from './accepted-job';
import { namedGroupProblems } from './named-group-problems';

/** An outreach endpoint: the request pipeline, then a use case that submits a job, answered 202 with where to follow it. */
export function outreachEndpoint<R extends Route>(
  route: R,
  accept: (deps: SubmitJobDeps, workspaceId: string, request: BodyOf<R>, now: Date, retryKey?: RetryKey) => Promise<Job>,
): HttpHandler {
  const deps = defaultSubmitJobDeps();
  return httpEndpoint({
    route,
    handle: async ({ workspaceId, body: request, now, retryKey }) => acceptedJob(await accept(deps, workspaceId, request, now, retryKey)),
    // A request with a bad field and an unknown group hears of both at once.
    moreProblems: (request, workspaceId) => namedGroupProblems(deps.db, request, workspaceId),
  });
}
