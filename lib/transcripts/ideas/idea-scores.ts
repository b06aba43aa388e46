import { ideaKinds, type IdeaKind } from '../model/analysis';
import { countWords } from '../text/count-words';
import {
  FIRST_PERSON,
  INSIGHT_CUES,
  MONEY_OR_PERCENT,
  NAMED_TOOL,
  OBJECTION_CUES,
  OUTCOMES,
  PAIN_CUES,
  PROPER_NOUN,
  QUESTION_TOPICS,
  SELLER_DISCOVERY,
  SMALL_TALK,
  SPECIFIC_NUMBER,
  STORY_OPENINGS,
  TAG_QUESTION,
  type Cue,
} from './idea-patterns';
import type { Side } from '../text/segment';

/** Ideas scoring less are not kept. */
export const MIN_IDEA_SCORE = 0.45;

/** What a quote is, and how good an idea it makes (0..1). */
export interface KindScore {
  kind: IdeaKind;
  score: number;
}

/**
 * How much each side's words count for each kind: objections and customer questions are the
 * buyer's (the seller asking "what's your budget?" is not one), a seller's insight is the
 * natural one, stories are anyone's. Unknown sides sit in between.
 */
const SIDE_FIT: Record<IdeaKind, Record<Side, number>> = {
  customer_question: { external: 1, unknown: 0.85, internal: 0 },
  objection: { external: 1, unknown: 0.85, internal: 0 },
  pain_point: { external: 1, unknown: 0.85, internal: 0.45 },
  story_or_quote: { external: 1, unknown: 0.9, internal: 0.9 },
  insight: { internal: 1, unknown: 0.9, external: 0.85 },
};

/** Every substantive question a buyer asks is worth this much before its topic is weighed. */
const QUESTION_BASE = 0.4;
/** A story opening without a result with a number is weak. */
const OPENING_ALONE = 0.3;
/** An opening followed by its result makes the story. */
const OPENING_WITH_OUTCOME = 0.2;

/** The strongest cue's weight, and 0.06 for each further cue matched (two at most). */
function strengthOf(cues: readonly Cue[], text: string): number {
  let best = 0;
  let matched = 0;
  for (const { pattern, weight } of cues) {
    if (!pattern.test(text)) continue;
    matched++;
    best = Math.max(best, weight);
  }
  return matched === 0 ? 0 : best + 0.06 * Math.min(2, matched - 1);
}

/** Numbers, named tools or people, money and percentages: a specific sentence makes a better post. */
function specificityOf(text: string): number {
  let bonus = 0;
  if (SPECIFIC_NUMBER.test(text)) bonus += 0.06;
  if (NAMED_TOOL.test(text) || PROPER_NOUN.test(text)) bonus += 0.06;
  if (MONEY_OR_PERCENT.test(text)) bonus += 0.04;
  return Math.min(0.12, bonus);
}

/** Quotes of 8–40 words read best; fragments and rambles less so. */
function lengthFitOf(words: number): number {
  if (words < 5) return -0.25;
  if (words < 8) return -0.05;
  if (words <= 40) return 0.1;
  return words <= 60 ? 0 : -0.1;
}

/** Whether a text opens a story (a time, an example, a customer) without telling its result. */
export function opensStoryWithoutOutcome(text: string): boolean {
  return strengthOf(STORY_OPENINGS, text) > 0 && strengthOf(OUTCOMES, text) === 0;
}

/** How strongly a text is of `kind`, before its length, specificity and side are weighed; 0 when it is not. */
function kindStrength(kind: IdeaKind, text: string, question: boolean, side: Side): number {
  switch (kind) {
    case 'customer_question': {
      if (!question || side === 'internal' || SMALL_TALK.test(text)) return 0;
      let strength = QUESTION_BASE + strengthOf(QUESTION_TOPICS, text);
      if (TAG_QUESTION.test(text)) strength *= 0.5;
      if (side === 'unknown' && SELLER_DISCOVERY.test(text)) strength *= 0.4;
      return strength;
    }
    case 'objection':
      return strengthOf(OBJECTION_CUES, text) * (FIRST_PERSON.test(text) ? 1 : 0.85);
    case 'pain_point':
      return strengthOf(PAIN_CUES, text) * (FIRST_PERSON.test(text) ? 1 : 0.8);
    case 'story_or_quote': {
      const opening = strengthOf(STORY_OPENINGS, text);
      const outcome = strengthOf(OUTCOMES, text);
      if (outcome === 0) return Math.min(opening, OPENING_ALONE);
      return Math.max(opening, outcome) + (opening > 0 ? OPENING_WITH_OUTCOME : 0);
    }
    case 'insight':
      return strengthOf(INSIGHT_CUES, text) * (question ? 0.5 : 1);
  }
}

/**
 * How good an idea of `kind` a quote makes, 0..1 (3 decimals), 0 when it is none: the cue's
 * strength, plus specificity (numbers, named tools, money), plus fit of its length (8–40 words
 * best), times the fit of the speaker's side for the kind.
 */
export function scoreIdea(kind: IdeaKind, text: string, question: boolean, side: Side): number {
  return scoreWith(kind, text, question, side, qualityOf(text));
}

/** The kind a quote fits best (the first of `ideaKinds` among equals), or undefined when none. */
export function bestIdeaKind(text: string, question: boolean, side: Side): KindScore | undefined {
  const quality = qualityOf(text);
  let best: KindScore | undefined;
  for (const kind of ideaKinds) {
    const score = scoreWith(kind, text, question, side, quality);
    if (score > 0 && (!best || score > best.score)) best = { kind, score };
  }
  return best;
}

/** What a quote is worth whatever its kind: specificity and fit of length. */
function qualityOf(text: string): number {
  return specificityOf(text) + lengthFitOf(countWords(text));
}

function scoreWith(kind: IdeaKind, text: string, question: boolean, side: Side, quality: number): number {
  const fit = SIDE_FIT[kind][side];
  if (fit === 0) return 0;
  const strength = kindStrength(kind, text, question, side);
  if (strength <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, (strength + quality) * fit)) * 1000) / 1000;
}
