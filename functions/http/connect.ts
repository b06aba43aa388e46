import { acceptConnectRequest } from '../../lib/outreach/accept/accept-connect';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { connectRequestSchema } from '../../lib/schemas/connect';

export const handler = outreachEndpoint('POST /api/v1/social-selling/connect', connectRequestSchema, acceptConnectRequest);
