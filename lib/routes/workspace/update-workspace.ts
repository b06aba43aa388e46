import { workspacePatchSchema } from '../../schemas/workspace-patch';
import { defineRoute, jsonBody } from '../../http/route';
import { tag } from './parts';

export const updateWorkspace = defineRoute({
  name: 'updateWorkspace',
  method: 'PATCH',
  path: '/api/v1/workspace',
  auth: 'api-key',
  tag,
  summary: 'Change where approval requests are posted',
  description:
    "`slackWebhookUrl`: a Slack incoming webhook (`https://hooks.slack.com/...`, no other host) that every approval request of the workspace is also posted to, with its link; `null` stops the posts. Requests are mailed to each account's `ownerEmail` besides (`PATCH /api/v1/accounts/{accountId}`).",
  body: jsonBody(workspacePatchSchema),
  responses: {
    200: { description: 'The workspace as it now is.', json: 'Workspace' },
    400: { description: 'Not a Slack incoming webhook URL (`errors[].path` = `slackWebhookUrl`).', problems: ['validation-failed'] },
  },
  deployment: {
    permissions: {},
    bundle: { bytes: 831488, zipBytes: 248832 },
  },
});
