import { commentRequestSchema } from '../../schemas/comment';
import { defineRoute, jsonBody } from '../../http/route';
import { accepted, backlogFull, unknownGroups } from './parts';

export const requestComment = defineRoute({
  name: 'requestComment',
  method: 'POST',
  path: '/api/v1/social-selling/request-comment',
  auth: 'api-key',
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
  deployment: {
    permissions: { table: ['BatchGetItem'], queries: ['gsi1'], sendsTo: ['jobs'] },
    bundle: { bytes: 876544, zipBytes: 261120 },
  },
});
