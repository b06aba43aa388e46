import { acceptDmRequest } from '../../lib/outreach/accept/accept-dm';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { dmRequestSchema } from '../../lib/schemas/dm';

export const handler = outreachEndpoint('POST /api/v1/social-selling/dm', dmRequestSchema, acceptDmRequest);
