import * as z from 'zod';

/**
 * The analysis of a transcript, as stored and shown: metrics and content ideas. One schema for
 * both analysers: the embedded one's output and the LLM's (validated against it before use).
 */

const sideSchema = z.enum(['internal', 'external', 'unknown']);

/** Talk of one speaker or one side. `share` is of talk time when the call has timestamps, else of words. */
const talkSchema = z.object({
  words: z.number().int().nonnegative(),
  /** Seconds of speech; null without timestamps. */
  talkSeconds: z.number().nonnegative().nullable(),
  /** 0..1, rounded to 3 decimals. */
  share: z.number().min(0).max(1),
  /** Sentences ending in a question mark. */
  questions: z.number().int().nonnegative(),
  /** Turns (consecutive segments of one speaker count as one). */
  turns: z.number().int().nonnegative(),
});

export const speakerMetricsSchema = talkSchema.extend({
  name: z.string(),
  email: z.string().optional(),
  side: sideSchema,
});

export const metricsSchema = z.object({
  /** Seconds from the first timestamp to the last, or estimated from the words (150 a minute) without any. */
  durationSeconds: z.number().nonnegative(),
  durationSource: z.enum(['timestamps', 'estimated_from_words']),
  words: z.number().int().nonnegative(),
  segments: z.number().int().nonnegative(),
  /** What `share` is a share of. */
  shareBasis: z.enum(['talk_time', 'words']),
  /** Most talkative first; at most 50 (the rest are still counted in `sides`). */
  speakers: z.array(speakerMetricsSchema),
  sides: z.object({ internal: talkSchema, external: talkSchema, unknown: talkSchema }),
  /** The longest run of one speaker without another's turn in between; null for an empty call. */
  longestMonologue: z
    .object({
      speaker: z.string(),
      side: sideSchema,
      words: z.number().int().nonnegative(),
      seconds: z.number().nonnegative().nullable(),
      start: z.number().nonnegative().optional(),
    })
    .nullable(),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const ideaKinds = ['customer_question', 'objection', 'pain_point', 'story_or_quote', 'insight'] as const;
export const ideaKindSchema = z.enum(ideaKinds);
export type IdeaKind = z.infer<typeof ideaKindSchema>;

/** Where an idea comes from: the call's own words, verbatim. */
export const evidenceSchema = z.object({
  /** Verbatim words of the call (a sentence or a run of them), at most 600 characters. */
  quote: z.string().min(1).max(600),
  speaker: z.string().optional(),
  side: sideSchema,
  /** Seconds from the start of the call, and the same as `hh:mm:ss`, when the call has timestamps. */
  start: z.number().nonnegative().optional(),
  timestamp: z.string().regex(/^\d{2,}:\d{2}:\d{2}$/).optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const contentIdeaSchema = z.object({
  kind: ideaKindSchema,
  /** A first line for a post. */
  hook: z.string().min(1).max(300),
  /** What the post would say, in a sentence. */
  angle: z.string().min(1).max(500),
  /** 0..1: how strong the idea is; ideas are listed by it, highest first. */
  score: z.number().min(0).max(1),
  /** How many places in the call said it (near-duplicates merged into one idea). */
  mentions: z.number().int().min(1),
  /** The first is the best; at most 3. */
  evidence: z.array(evidenceSchema).min(1).max(3),
});
export type ContentIdea = z.infer<typeof contentIdeaSchema>;

/** At most this many ideas are kept per call, best first. */
export const MAX_IDEAS = 20;

export const analyserSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('embedded'), version: z.string() }),
  z.object({ name: z.literal('bedrock'), modelId: z.string() }),
]);

export const analysisSchema = z.object({
  analyser: analyserSchema,
  /** Set when the configured LLM analyser failed and the embedded result was kept. */
  fallback: z.object({ from: z.literal('bedrock'), reason: z.string() }).optional(),
  metrics: metricsSchema,
  ideas: z.array(contentIdeaSchema).max(MAX_IDEAS),
});
export type Analysis = z.infer<typeof analysisSchema>;
