import type * as z from '../../zod';
import type { HttpHandler } from '../../http/pipeline';
import { httpEndpoint } from '../../http/endpoint';
import type { HttpResult } from '../../http/response';
import { defaultSubmitJobDeps } from '../default-deps';
import type { SubmitJobDeps } from '../accept/submit-job';

/** An outreach endpoint: the request pipeline, then a use case that submits a job (202). */
export function outreachEndpoint<S extends z.core.$ZodType>(
  route: string,
  body: S,
  accept: (deps: SubmitJobDeps, workspaceId: string, request: z.output<S>, now: Date) => Promise<HttpResult>,
): HttpHandler {
  const deps = defaultSubmitJobDeps();
  return httpEndpoint({ route, body, handle: ({ workspaceId, body: request, now }) => accept(deps, workspaceId, request, now) });
}
