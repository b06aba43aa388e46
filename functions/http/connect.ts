import { acceptConnectRequest } from '../../lib/outreach/accept/accept-connect';
import { outreachEndpoint } from '../../lib/outreach/endpoint/outreach-endpoint';
import { connectRequestSchema } from '../../lib/schemas/connect';
import { routeTable } from '../../lib/http/routes';

export const handler = outreachEndpoint(routeTable.connect, connectRequestSchema, acceptConnectRequest);
