import { acceptCommentRequest } from '../../lib/outreach/accept/accept-comment';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { commentRequestSchema } from '../../lib/schemas/comment';

export const handler = outreachEndpoint('POST /api/v1/social-selling/request-comment', commentRequestSchema, acceptCommentRequest);
