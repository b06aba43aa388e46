import * as z from '../../zod';

/**
 * The analysis of a transcript, as stored and shown: metrics and content ideas. One schema for
 * both analysers: the embedded one's output and the LLM's (validated against it before use).
 */

/** Classic zod's `z.number().int()`, `.nonnegative()` and `.min(0).max(1)`. */
const int = () => z.number().check(z.int());
const count = () => int().check(z.gte(0));
const nonnegative = () => z.number().check(z.gte(0));
const unit = () => z.number().check(z.gte(0), z.lte(1));

const sideSchema = z.enum(['internal', 'external', 'unknown']);

/** Talk of one speaker or one side. `share` is of talk time when the call has timestamps, else of words. */
const talkSchema = z.object({
  words: count(),
  /** Seconds of speech; null without timestamps. */
  talkSeconds: z.nullable(nonnegative()),
  /** 0..1, rounded to 3 decimals. */
  share: unit(),
  /** Sentences ending in a question mark. */
  questions: count(),
  /** Turns (consecutive segments of one speaker count as one). */
  turns: count(),
});

export const speakerMetricsSchema = z.extend(talkSchema, {
  name: z.string(),
  email: z.optional(z.string()),
  side: sideSchema,
});

export const metricsSchema = z.object({
  durationSeconds: nonnegative().check(
    z.describe(
      'Seconds the call lasted, as `durationSource` says it was found: from the first timestamp to the last (`timestamps`); that span plus the untimed words before or after it at 150 words a minute (`partial_timestamps`); or all the words at 150 a minute (`estimated_from_words`).',
    ),
  ),
  durationSource: z
    .enum(['timestamps', 'partial_timestamps', 'estimated_from_words'])
    .check(
      z.describe(
        '`timestamps` when every segment with words has a time; `partial_timestamps` when only some have (`timedShare` says how much, and `warnings` says so); `estimated_from_words` without any (or when they span no time).',
      ),
    ),
  timedShare: unit().check(
    z.describe("Share (0..1, 3 decimals) of the call's words in segments with a timestamp: 1 only when all are, 0 only when none is."),
  ),
  words: count(),
  segments: count(),
  /** What `share` is a share of. */
  shareBasis: z.enum(['talk_time', 'words']),
  /** Most talkative first; at most 50 (the rest are still counted in `sides`). */
  speakers: z.array(speakerMetricsSchema),
  sides: z.object({ internal: talkSchema, external: talkSchema, unknown: talkSchema }),
  /** The longest run of one speaker without another's turn in between; null for an empty call. */
  longestMonologue: z.nullable(
    z.object({
      speaker: z.string(),
      side: sideSchema,
      words: count(),
      seconds: z.nullable(nonnegative()),
      start: z.optional(nonnegative()),
    }),
  ),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const ideaKinds = ['customer_question', 'objection', 'pain_point', 'competitor', 'next_step', 'story_or_quote', 'insight'] as const;
export const ideaKindSchema = z.enum(ideaKinds);
export type IdeaKind = z.infer<typeof ideaKindSchema>;

/** Where an idea comes from: the call's own words, verbatim. */
export const evidenceSchema = z.object({
  /** Verbatim words of the call (a sentence or a run of them), at most 600 characters. */
  quote: z.string().check(z.minLength(1), z.maxLength(600)),
  speaker: z.optional(z.string()),
  side: sideSchema,
  /** Seconds from the start of the call, and the same as `hh:mm:ss`, when the call has timestamps. */
  start: z.optional(nonnegative()),
  timestamp: z.optional(z.string().check(z.regex(/^\d{2,}:\d{2}:\d{2}$/))),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** What a post draft masked: a name of the call's people or another person, a company of the call, an email, a website. */
export const maskKinds = ['name', 'company', 'email', 'website'] as const;
export const maskedTermSchema = z.object({
  kind: z.enum(maskKinds),
  /** The words of the call that were masked. */
  text: z.string().check(z.minLength(1)),
  /** What stands in their place in the draft (`[name]`). */
  as: z.string(),
});
export type MaskedTerm = z.infer<typeof maskedTermSchema>;

/** The network's most characters in a post, and what reads whole in the feed before "…more". */
export const MAX_POST_CHARS = 3000;
export const IDEAL_POST_CHARS = 1300;

/**
 * A post made from an idea, safe to publish: the buyer's words with the call's people, companies,
 * emails and websites (and other people's names) masked, never the call's own names.
 */
export const postDraftSchema = z.object({
  /** The first line, what shows in the feed. */
  hook: z.string().check(z.minLength(1), z.maxLength(300)),
  /** The buyer's words as the draft quotes them: an evidence quote of the idea, masks applied. */
  quote: z.string().check(z.minLength(1), z.maxLength(700)),
  /** The middle of the post, holding the quote. */
  body: z.string().check(z.minLength(1), z.maxLength(2400)),
  /** A closing question or call to action. */
  closing: z.string().check(z.minLength(1), z.maxLength(300)),
  /** The whole post, as it would be published: hook, body and closing, a blank line apart. */
  text: z.string().check(z.minLength(1), z.maxLength(MAX_POST_CHARS)),
  /** What was masked, so the author can check it (empty when nothing was). */
  masked: z.array(maskedTermSchema),
  /** Who wrote the words around the quote: the embedded templates, or the Bedrock analyser's LLM. */
  writtenBy: z.enum(['templates', 'bedrock']),
});
export type PostDraft = z.infer<typeof postDraftSchema>;

export const contentIdeaSchema = z.object({
  kind: ideaKindSchema,
  /** A first line for a post. */
  hook: z.string().check(z.minLength(1), z.maxLength(300)),
  /** What the post would say, in a sentence. */
  angle: z.string().check(z.minLength(1), z.maxLength(500)),
  /** 0..1: how strong the idea is; ideas are listed by it, highest first. */
  score: unit(),
  /** How many places in the call said it (near-duplicates merged into one idea). */
  mentions: int().check(z.gte(1)),
  /** The first is the best; at most 3. */
  evidence: z.array(evidenceSchema).check(z.minLength(1), z.maxLength(3)),
  /** A post made from it: the best ideas of a call have one (`best`); analyses made before drafts have none. */
  draft: z.optional(postDraftSchema),
});
export type ContentIdea = z.infer<typeof contentIdeaSchema>;

/**
 * At most this many ideas are kept per call, best first: an hour-long discovery call holds forty
 * or more that a marketer would take (the labelled calls do), so a lower cap drops good ones.
 */
export const MAX_IDEAS = 40;

export const analyserSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('embedded'), version: z.string() }),
  z.object({ name: z.literal('bedrock'), modelId: z.string() }),
]);

/** Set when the configured LLM analyser failed and the embedded ideas were kept. */
export const fallbackSchema = z.object({ from: z.literal('bedrock'), reason: z.string() });

export const analysisSchema = z.object({
  analyser: analyserSchema,
  /** Set when the configured LLM analyser failed and the embedded result was kept. */
  fallback: z.optional(fallbackSchema),
  /** How the call was read where that may surprise (speaker types that state no side, partial timestamps); absent when nothing. */
  warnings: z.optional(z.array(z.string())),
  metrics: metricsSchema,
  ideas: z.array(contentIdeaSchema).check(z.maxLength(MAX_IDEAS)),
  /**
   * Positions in `ideas` of those offered as post material by default, best first (`best-ideas.ts`);
   * absent from analyses made before it was chosen, where the view chooses them the same way.
   */
  best: z.optional(z.array(count())),
});
export type Analysis = z.infer<typeof analysisSchema>;
