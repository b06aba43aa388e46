import { acceptLikeRequest } from '../../lib/outreach/accept-like';
import { outreachEndpoint } from '../../lib/outreach/outreach-endpoint';
import { likeRequestSchema } from '../../lib/schemas/like';

export const handler = outreachEndpoint('POST /api/v1/social-selling/like', likeRequestSchema, acceptLikeRequest);
