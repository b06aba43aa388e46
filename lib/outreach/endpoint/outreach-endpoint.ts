import type { BodyOf, HttpHandler } from '../../http/pipeline';
import type { RetryKey } from '../../http/idempotency';
import type { AnswerOf, Route } from '../../http/route';
import { httpEndpoint } from '../../http/endpoint';
import type { Job } from '../../store/jobs';
import { defaultSubmitJobDeps } from '../default-deps';
import type { SubmitJobDeps } from '../accept/submit-job';
import { acceptedJob } from './accepted-job';
import { namedGroupProblems } from './named-group-problems';

/** A route that submits a job: its 202 is the job accepted (lib/routes/social-selling/parts.ts `accepted`). */
type OutreachRoute = Route & { readonly responses: { readonly 202: { readonly json: 'JobAccepted' } } };

/** An outreach endpoint: the request pipeline, then a use case that submits a job, answered 202 with where to follow it. */
export function outreachEndpoint<R extends OutreachRoute>(
  route: R,
  accept: (deps: SubmitJobDeps, workspaceId: string, request: BodyOf<R>, now: Date, retryKey?: RetryKey) => Promise<Job>,
): HttpHandler {
  const deps = defaultSubmitJobDeps();
  return httpEndpoint({
    route,
    // Every outreach route answers 202 with the job accepted (`OutreachRoute`); the compiler cannot
    // read that off a route it does not know yet, so it is told.
    handle: async ({ workspaceId, body: request, now, retryKey }) =>
      acceptedJob(await accept(deps, workspaceId, request, now, retryKey)) as AnswerOf<R>,
    // A request with a bad field and an unknown group hears of both at once.
    moreProblems: (request, workspaceId) => namedGroupProblems(deps.db, request, workspaceId),
  });
}
