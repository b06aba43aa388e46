import * as z from '../zod';

/** Which of a call's ideas its view lists. */
export const ideaSelections = ['best', 'all'] as const;
export type IdeaSelection = (typeof ideaSelections)[number];

/**
 * GET /api/v1/transcript/{call_id}'s query string: `ideas=best` (the default) lists the call's best
 * ideas, the post material with drafts; `ideas=all` every idea found, next steps included.
 */
export const transcriptViewQuerySchema = z.object({
  ideas: z.optional(z.enum(ideaSelections)),
});
