import type * as z from '../../zod';
import type { HttpHandler } from '../../http/pipeline';
import type { RetryKey } from '../../http/idempotency';
import type { Route } from '../../http/routes';
import { httpEndpoint } from '../../http/endpoint';
import type { Job } from '../../store/jobs';
import { defaultSubmitJobDeps } from '../default-deps';
import type { SubmitJobDeps } from '../accept/submit-job';
import { acceptedJob } from './accepted-job';
import { namedGroupProblems } from './named-group-problems';

/** An outreach endpoint: the request pipeline, then a use case that submits a job, answered 202 with where to follow it. */
export function outreachEndpoint<S extends z.core.$ZodType>(
  route: Route,
  body: S,
  accept: (deps: SubmitJobDeps, workspaceId: string, request: z.output<S>, now: Date, retryKey?: RetryKey) => Promise<Job>,
): HttpHandler {
  const deps = defaultSubmitJobDeps();
  return httpEndpoint({
    route,
    body,
    handle: async ({ workspaceId, body: request, now, retryKey }) => acceptedJob(await accept(deps, workspaceId, request, now, retryKey)),
    // A request with a bad field and an unknown group hears of both at once.
    moreProblems: (request, workspaceId) => namedGroupProblems(deps.db, request, workspaceId),
  });
}
