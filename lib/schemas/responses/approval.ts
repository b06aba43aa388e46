import * as z from 'zod';

const timestamp = z.iso.datetime();

/** An approval as `GET`/`POST /api/v1/approvals/{approvalId}` show it (the link's token only inside `links.page`). */
export const approvalViewSchema = z.strictObject({
  approvalId: z.string().describe('`apr_` and a ULID.'),
  kind: z.enum(['comment', 'dm', 'post']),
  status: z.enum(['pending', 'approved', 'rejected', 'expired', 'cancelled']),
  jobId: z.string(),
  sender: z
    .strictObject({ accountId: z.string(), name: z.string(), profileUrl: z.string() })
    .describe('The account that will post or send.'),
  target: z.strictObject({ url: z.string(), name: z.string().optional() }).describe('The post to comment on, or the recipient.'),
  text: z.string().describe('The text proposed, then the text decided on (possibly edited).'),
  maxLength: z.number().int().positive().describe('The limit an edited text must keep to.'),
  createdAt: timestamp,
  validUntil: timestamp.describe('Undecided by then, it expires and its action ends `expired`.'),
  decidedAt: timestamp.optional(),
  decidedVia: z.enum(['link', 'api', 'expiry']).optional(),
  notifications: z
    .array(
      z.strictObject({
        channel: z.enum(['email', 'slack']).describe("`email`: to the account's `ownerEmail`; `slack`: the workspace's `slackWebhookUrl`."),
        purpose: z.enum(['request', 'reminder']).describe('`request` when it was made; `reminder` once, a while before it expires.'),
        status: z.enum(['sent', 'failed']),
        at: timestamp,
        error: z.string().optional().describe('Why it failed, after its retries.'),
      }),
    )
    .describe('What telling its person did, in order; empty until something was sent (or nobody is set up to be told).'),
  links: z.strictObject({
    self: z.string(),
    page: z.string().describe('The single-use approval page for a person (no api key needed).'),
    job: z.string(),
  }),
});
