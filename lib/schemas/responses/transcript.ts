import * as z from 'zod';
import { analyserSchema, contentIdeaSchema, fallbackSchema, metricsSchema } from '../../transcripts/model/analysis';

const timestamp = z.iso.datetime();

/** An idea as a view lists it, with its id (what `POST /api/v1/social-selling/post` names a draft by). */
const ideaViewSchema = z.object({
  id: z.string().describe("`idea-` and its place among all the call's ideas, from 1: stable for the analysis."),
  ...contentIdeaSchema.shape,
});

/** A transcript as the list shows it: metadata and status, no analysis. */
export const transcriptSummarySchema = z.strictObject({
  callId: z.string(),
  title: z.string(),
  callStartTime: timestamp,
  url: z.string(),
  participants: z.array(z.string()).describe('Email addresses, lower case.'),
  format: z.enum(['array', 'plaintext']),
  status: z.enum(['queued', 'analysing', 'analysed', 'failed']).describe('`queued` → `analysing` → `analysed` or `failed`.'),
  sizeBytes: z.number().int().nonnegative().describe('Size of the stored (validated) transcript.'),
  submittedAt: timestamp,
  updatedAt: timestamp,
  analysedAt: timestamp.optional(),
  links: z.strictObject({ self: z.string().describe('`/api/v1/transcript/{call_id}`') }),
});

/** `GET /api/v1/transcript/{call_id}` (and the answer of `POST /api/v1/transcript/add`): with the analysis or the failure, once there is one. */
export const transcriptViewSchema = transcriptSummarySchema.extend({
  links: z.strictObject({
    self: z.string().describe('`/api/v1/transcript/{call_id}`'),
    report: z
      .string()
      .optional()
      .describe(
        'Once analysed (on `GET` of the transcript): the report page, a link to give people, `/reports/{token}`. Its signed token opens it without an api key, until it expires (`REPORT_LINK_EXPIRY_SECONDS`, 30 days, after the next whole hour); read the transcript again for a fresh one. Absent while report links are not configured (`REPORT_LINK_SECRET`).',
      ),
  }),
  failure: z
    .strictObject({
      reason: z.string().describe('`content_missing`, `integrity_check_failed`, `internal_error`, `unreadable_message`'),
      detail: z.string(),
    })
    .optional()
    .describe('When `status` is `failed`.'),
  analyser: z.optional(analyserSchema).describe('Which analyser found the ideas (when analysed).'),
  fallback: z.optional(fallbackSchema).describe('Set when the configured LLM analyser failed and the embedded ideas were kept.'),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      'How the transcript was read where that may surprise; absent when nothing does. The add answer gives those told from the request (a `speaker.type` other than `internal` or `external`, which states no side); the analysis adds those of its metrics (timestamps that cover only part of the call: `durationSource` `partial_timestamps`).',
    ),
  metrics: z.optional(metricsSchema),
  ideasShown: z
    .enum(['best', 'all'])
    .optional()
    .describe('Which ideas `ideas` lists, as the `ideas` query parameter asked: `best` (the default) or `all`.'),
  ideaCount: z.number().int().nonnegative().optional().describe('How many ideas the call gave in all (`?ideas=all` lists them).'),
  ideas: z
    .array(ideaViewSchema)
    .optional()
    .describe(
      'Content ideas, best first, each grounded in verbatim quotes of the call. By default the best only: at most 8, diverse in kind, the same moment of the call told once, never a next step, each with a post `draft`. With `?ideas=all`, every idea found (at most 40).',
    ),
  nextSteps: z
    .array(ideaViewSchema)
    .optional()
    .describe("The call's next steps (ideas of kind `next_step`), for the sales team: never post material."),
});

/** `GET /api/v1/transcripts`: a page, newest call first. */
export const transcriptListSchema = z.strictObject({
  items: z.array(transcriptSummarySchema),
  nextCursor: z.string().optional().describe('Absent on the last page.'),
  links: z.strictObject({ next: z.string().optional().describe('The next page, while there is one.') }),
});
