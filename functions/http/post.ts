import { acceptPostRequest } from '../../lib/outreach/accept/accept-post';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { post as route } from '../../lib/routes/social-selling/post';

export const handler = outreachEndpoint(route, acceptPostRequest);
