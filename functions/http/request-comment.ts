import { acceptCommentRequest } from '../../lib/outreach/accept/accept-comment';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { requestComment as route } from '../../lib/routes/social-selling/request-comment';

export const handler = outreachEndpoint(route, acceptCommentRequest);
