import * as z from 'zod';

/** The workspace as `GET`/`PATCH /api/v1/workspace` show it. */
export const workspaceViewSchema = z.strictObject({
  workspaceId: z.string().describe('The workspace the api key acts in.'),
  name: z.string(),
  slackWebhookUrl: z
    .string()
    .nullable()
    .describe(
      'The Slack incoming webhook approval requests are posted to, masked (its last 4 characters: the URL is a secret); null when none.',
    ),
  links: z.strictObject({ self: z.string() }),
});
