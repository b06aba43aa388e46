import * as z from 'zod';

const timestamp = z.iso.datetime();

/** An approval as `GET`/`POST /api/v1/approvals/{approvalId}` show it (the link's token only inside `links.page`). */
export const approvalViewSchema = z.strictObject({
  approvalId: z.string().describe('`apr_` and a ULID.'),
  kind: z.enum(['comment', 'dm']),
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
  links: z.strictObject({
    self: z.string(),
    page: z.string().describe('The single-use approval page for a person (no api key needed).'),
    job: z.string(),
  }),
});
