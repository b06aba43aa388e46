/** What the social-selling routes' definitions share: their words on a parameter or an answer. */
import type { ResponseSpec } from '../../http/route';

export const accepted = {
  description: 'Accepted: the job, to follow at `Location` (`GET /api/v1/jobs/{jobId}`).',
  json: 'JobAccepted',
  headers: ['Location'],
} satisfies ResponseSpec;
export const unknownGroups = {
  description:
    'A named group does not exist in the workspace, or has no active account; `errors` names each (`groups.<index>`). Nothing was started.',
  problems: ['unknown-groups', 'groups-without-accounts'],
} satisfies ResponseSpec;
/** Every account of the request has as much work waiting as it may; one that has is left out of a job with others (its `warnings` say so). */
export const backlogFull = (fields: string) =>
  ({
    description: `Every account the request would act from (${fields}) has \`ACCOUNT_BACKLOG_LIMIT\` actions waiting already; \`errors\` names each. Nothing was started: retry after \`Retry-After\` seconds, once some of it is done.`,
    problems: ['account-backlog-full'],
    headers: ['Retry-After'],
  }) satisfies ResponseSpec;
export const unknownAccount = (field: string) =>
  ({
    description: `\`${field}\` is not an active account of the workspace (only its own connected accounts can act). Nothing was started.`,
    problems: ['unknown-account'],
  }) satisfies ResponseSpec;
