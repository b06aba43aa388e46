import { acceptLikeRequest } from '../../lib/outreach/accept/accept-like';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { likeRequestSchema } from '../../lib/schemas/like';

export const handler = outreachEndpoint('POST /api/v1/social-selling/like', likeRequestSchema, acceptLikeRequest);
