import { defineRoute } from '../../http/route';
import { tag } from './parts';

export const getWorkspace = defineRoute({
  name: 'getWorkspace',
  method: 'GET',
  path: '/api/v1/workspace',
  auth: 'api-key',
  tag,
  summary: 'The workspace the api key acts in',
  description: 'Its id and name, and the settings it changes itself: `slackWebhookUrl` (masked).',
  responses: { 200: { description: 'The workspace.', json: 'Workspace' } },
  deployment: {
    permissions: {},
    bundle: { bytes: 828416, zipBytes: 246784 },
  },
});
