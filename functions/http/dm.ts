import { acceptDmRequest } from '../../lib/outreach/accept/accept-dm';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { dm as route } from '../../lib/routes/social-selling/dm';

export const handler = outreachEndpoint(route, acceptDmRequest);
