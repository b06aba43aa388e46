import { acceptLikeRequest } from '../../lib/outreach/accept/accept-like';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { likeRequestSchema } from '../../lib/schemas/like';
import { routeTable } from '../../lib/http/routes';

export const handler = outreachEndpoint(routeTable.like, likeRequestSchema, acceptLikeRequest);
