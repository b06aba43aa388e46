import { acceptCommentRequest } from '../../lib/outreach/accept/accept-comment';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { commentRequestSchema } from '../../lib/schemas/comment';
import { routeTable } from '../../lib/http/routes';

export const handler = outreachEndpoint(routeTable.requestComment, commentRequestSchema, acceptCommentRequest);
