import { acceptDmRequest } from '../../lib/outreach/accept/accept-dm';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { dmRequestSchema } from '../../lib/schemas/dm';
import { routeTable } from '../../lib/http/routes';

export const handler = outreachEndpoint(routeTable.dm, dmRequestSchema, acceptDmRequest);
