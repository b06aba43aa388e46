import { acceptCommentRequest } from '../../lib/outreach/accept-comment';
import { outreachEndpoint } from '../../lib/outreach/outreach-endpoint';
import { commentRequestSchema } from '../../lib/schemas/comment';

export const handler = outreachEndpoint('POST /api/v1/social-selling/request-comment', commentRequestSchema, acceptCommentRequest);
