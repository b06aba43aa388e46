import { acceptConnectRequest } from '../../lib/outreach/accept/accept-connect';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { connect as route } from '../../lib/routes/social-selling/connect';

export const handler = outreachEndpoint(route, acceptConnectRequest);
