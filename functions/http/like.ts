import { acceptLikeRequest } from '../../lib/outreach/accept/accept-like';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { like as route } from '../../lib/routes/social-selling/like';

export const handler = outreachEndpoint(route, acceptLikeRequest);
