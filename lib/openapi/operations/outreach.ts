import { commentRequestSchema } from '../../schemas/comment';
import { routeTable } from '../../http/routes';
import { connectRequestSchema } from '../../schemas/connect';
import { dmRequestSchema } from '../../schemas/dm';
import { likeRequestSchema } from '../../schemas/like';
import { jobAcceptedSchema } from '../../schemas/responses/job';
import type { OperationSpec, ResponseSpec } from './operation';
import { jsonBody } from './operation';

const accepted: ResponseSpec = {
  description: 'Accepted: the job, to follow at `Location` (`GET /api/v1/jobs/{jobId}`).',
  json: jobAcceptedSchema,
  headers: ['Location'],
};

const unknownGroups: ResponseSpec = {
  description:
    'A named group does not exist in the workspace, or has no active account; `errors` names each (`groups.<index>`). Nothing was started.',
  problems: ['unknown-groups', 'groups-without-accounts'],
};

/** Every account of the request has as much work waiting as it may; one that has is left out of a job with others (its `warnings` say so). */
const backlogFull = (fields: string): ResponseSpec => ({
  description: `Every account the request would act from (${fields}) has \`ACCOUNT_BACKLOG_LIMIT\` actions waiting already; \`errors\` names each. Nothing was started: retry after \`Retry-After\` seconds, once some of it is done.`,
  problems: ['account-backlog-full'],
  headers: ['Retry-After'],
});

const unknownAccount = (field: string): ResponseSpec => ({
  description: `\`${field}\` is not an active account of the workspace (only its own connected accounts can act). Nothing was started.`,
  problems: ['unknown-account'],
});

export const outreachOperations: OperationSpec[] = [
  {
    ...routeTable.like,
    tag: 'Social selling',
    summary: 'React to a post or comment from the accounts of named groups',
    description:
      "One action per distinct account across the groups, each paced at a random time within the workspace's pacing window. The answer is a job; its progress is at `GET /api/v1/jobs/{jobId}`.",
    body: jsonBody(likeRequestSchema),
    responses: { 202: accepted, 422: unknownGroups, 429: backlogFull('`groups`') },
  },
  {
    ...routeTable.requestComment,
    tag: 'Social selling',
    summary: 'Have the accounts of named groups, or one person, comment on a post',
    description:
      'Accounts in `autopilot` mode comment, paced; accounts in `ask` mode and a `commentor` are asked to approve (and may edit) the text first: their action waits in `awaiting_approval`.',
    body: jsonBody(commentRequestSchema),
    responses: {
      202: accepted,
      422: {
        ...unknownGroups,
        description: `${unknownGroups.description} Or \`commentor\` is not an active account of the workspace.`,
        problems: [...unknownGroups.problems!, 'unknown-account'],
      },
      429: backlogFull('`groups` or `commentor`'),
    },
  },
  {
    ...routeTable.connect,
    tag: 'Social selling',
    summary: 'Invite a person to connect, from an account of the workspace',
    description:
      'Results: `invited`, `already_connected`, `already_invited` (the job succeeds); failures name their `reason` (`email_required`, `cannot_resend_yet`, `limit_exceeded`, …).',
    body: jsonBody(connectRequestSchema),
    responses: { 202: accepted, 422: unknownAccount('user'), 429: backlogFull('`user`') },
  },
  {
    ...routeTable.dm,
    tag: 'Social selling',
    summary: 'Send a direct message, connecting first when needed',
    description:
      'With `get_approved`, `user` approves (and may edit) the message first. Connected: the message is sent. Not connected: an invitation without a note is sent and the action waits in `awaiting_connection` until it is accepted (then the message is sent) or expires.',
    body: jsonBody(dmRequestSchema),
    responses: { 202: accepted, 422: unknownAccount('user'), 429: backlogFull('`user`') },
  },
];
