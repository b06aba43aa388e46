import { routeTable } from '../../http/routes';
import { workspaceViewSchema } from '../../schemas/responses/workspace';
import { workspacePatchSchema } from '../../schemas/workspace-patch';
import type { OperationSpec } from './operation';
import { jsonBody } from './operation';

const tag = 'Workspace';

export const workspaceOperations: OperationSpec[] = [
  {
    ...routeTable.getWorkspace,
    tag,
    summary: 'The workspace the api key acts in',
    description: 'Its id and name, and the settings it changes itself: `slackWebhookUrl` (masked).',
    responses: { 200: { description: 'The workspace.', json: workspaceViewSchema } },
  },
  {
    ...routeTable.updateWorkspace,
    tag,
    summary: 'Change where approval requests are posted',
    description:
      "`slackWebhookUrl`: a Slack incoming webhook (`https://hooks.slack.com/...`, no other host) that every approval request of the workspace is also posted to, with its link; `null` stops the posts. Requests are mailed to each account's `ownerEmail` besides (`PATCH /api/v1/accounts/{accountId}`).",
    body: jsonBody(workspacePatchSchema),
    responses: {
      200: { description: 'The workspace as it now is.', json: workspaceViewSchema },
      400: { description: 'Not a Slack incoming webhook URL (`errors[].path` = `slackWebhookUrl`).', problems: ['validation-failed'] },
    },
  },
];
