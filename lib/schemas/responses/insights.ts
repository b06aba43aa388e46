import * as z from 'zod';

const day = z.string().describe('A day, `YYYY-MM-DD` (UTC).');

const themeQuoteSchema = z.strictObject({
  quote: z.string().describe("A buyer's words, verbatim (at most 280 characters)."),
  callId: z.string(),
  title: z.string().describe("The call's title."),
  day,
  links: z.strictObject({ transcript: z.string().describe('`/api/v1/transcript/{call_id}`') }),
});

const themeSchema = z.strictObject({
  key: z
    .string()
    .describe(
      'Stable: a topic (`price`, `integration`, `security`, `rollout`, `timing`, `manual_work`, `visibility`, `support`, `reliability`, `contract`, `decision`, `other`), or for competitors `product:<name>`, `in_house` or `other`.',
    ),
  label: z.string(),
  calls: z.number().int().nonnegative().describe('How many calls of the period raised it.'),
  share: z.number().min(0).max(1).describe('Its share of the period’s calls (3 decimals).'),
  previousCalls: z.number().int().nonnegative().describe('How many calls of the previous period raised it.'),
  trend: z
    .enum(['new', 'up', 'down', 'flat'])
    .describe('Against the previous period, by share of calls: `new` when none raised it then; `up` or `down` past a fifth more or less.'),
  quotes: z.array(themeQuoteSchema).max(3).describe('Its best quotes of the period, best first; the same words from several calls once.'),
});

/** `GET /api/v1/insights`: what the workspace's calls of a period raised, across calls. */
export const insightsSchema = z.strictObject({
  from: day,
  to: day,
  calls: z.number().int().nonnegative().describe('Calls of the period analysed (by their start time).'),
  previous: z.strictObject({ from: day, to: day, calls: z.number().int().nonnegative() }).describe('The period as long just before.'),
  themes: z
    .strictObject({
      objection: z.array(themeSchema),
      customer_question: z.array(themeSchema),
      pain_point: z.array(themeSchema),
      competitor: z.array(themeSchema),
    })
    .describe('Per kind, at most 10 themes, most raised first.'),
  links: z.strictObject({
    self: z.string(),
    page: z
      .string()
      .optional()
      .describe(
        "The period's insights page, a signed link to share (`/insights/<token>`, 30 days); absent while report links are not configured.",
      ),
  }),
});
