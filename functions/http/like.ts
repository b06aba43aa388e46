import { httpEndpoint } from '../../lib/http/endpoint';
import { acceptLikeRequest } from '../../lib/outreach/accept-like';
import { defaultSubmitJobDeps } from '../../lib/outreach/default-deps';
import { likeRequestSchema } from '../../lib/schemas/like';

const deps = defaultSubmitJobDeps();

export const handler = httpEndpoint({
  route: 'POST /api/v1/social-selling/like',
  body: likeRequestSchema,
  handle: ({ workspaceId, body, now }) => acceptLikeRequest(deps, workspaceId, body, now),
});
