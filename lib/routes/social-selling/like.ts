import { likeRequestSchema } from '../../schemas/like';
import { defineRoute, jsonBody } from '../../http/route';
import { accepted, backlogFull, unknownGroups } from './parts';

export const like = defineRoute({
  name: 'like',
  method: 'POST',
  path: '/api/v1/social-selling/like',
  auth: 'api-key',
  tag: 'Social selling',
  summary: 'React to a post or comment from the accounts of named groups',
  description:
    "One action per distinct account across the groups, each paced at a random time within the workspace's pacing window. The answer is a job; its progress is at `GET /api/v1/jobs/{jobId}`.",
  body: jsonBody(likeRequestSchema),
  responses: { 202: accepted, 422: unknownGroups, 429: backlogFull('`groups`') },
  deployment: {
    permissions: { table: ['BatchGetItem'], queries: ['gsi1'], sendsTo: ['jobs'] },
    bundle: { bytes: 872448, zipBytes: 260096 },
  },
});
