import { dmRequestSchema } from '../../schemas/dm';
import { defineRoute, jsonBody } from '../../http/route';
import { accepted, backlogFull, unknownAccount } from './parts';

export const dm = defineRoute({
  name: 'dm',
  method: 'POST',
  path: '/api/v1/social-selling/dm',
  auth: 'api-key',
  tag: 'Social selling',
  summary: 'Send a direct message, connecting first when needed',
  description:
    'With `get_approved`, `user` approves (and may edit) the message first. Connected: the message is sent. Not connected: an invitation without a note is sent and the action waits in `awaiting_connection` until it is accepted (then the message is sent) or expires.',
  body: jsonBody(dmRequestSchema),
  responses: { 202: accepted, 422: unknownAccount('user'), 429: backlogFull('`user`') },
  deployment: {
    permissions: { table: ['BatchGetItem'], queries: ['gsi1'], sendsTo: ['jobs'] },
    bundle: { bytes: 870400, zipBytes: 259072 },
  },
});
