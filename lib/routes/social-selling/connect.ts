import { connectRequestSchema } from '../../schemas/connect';
import { defineRoute, jsonBody } from '../../http/route';
import { accepted, backlogFull, unknownAccount } from './parts';

export const connect = defineRoute({
  name: 'connect',
  method: 'POST',
  path: '/api/v1/social-selling/connect',
  auth: 'api-key',
  tag: 'Social selling',
  summary: 'Invite a person to connect, from an account of the workspace',
  description:
    'Results: `invited`, `already_connected`, `already_invited` (the job succeeds); failures name their `reason` (`email_required`, `cannot_resend_yet`, `limit_exceeded`, …).',
  body: jsonBody(connectRequestSchema),
  responses: { 202: accepted, 422: unknownAccount('user'), 429: backlogFull('`user`') },
  deployment: {
    permissions: { table: ['BatchGetItem'], queries: ['gsi1'], sendsTo: ['jobs'] },
    bundle: { bytes: 871424, zipBytes: 259072 },
  },
});
