import * as z from '../zod';
import { slackWebhookUrlSchema } from './slack-webhook-url';

/** PATCH /api/v1/workspace: the settings a workspace changes itself; `null` removes one. */
export const workspacePatchSchema = z.strictObject({
  /** A Slack incoming webhook that approval requests are also posted to; null stops the posts. */
  slackWebhookUrl: z.nullable(slackWebhookUrlSchema),
});
export type WorkspacePatch = z.output<typeof workspacePatchSchema>;
