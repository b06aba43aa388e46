import { ideaKinds, type IdeaKind } from '../model/analysis';
import { countWords } from '../text/count-words';
import {
  ANECDOTE,
  CALL_LOGISTICS,
  COMPETITOR_CUES,
  DUE_DATE,
  INSIGHT_CUES,
  NAMED_ALTERNATIVE,
  NEXT_STEP_CUES,
  OUTCOMES,
  PAIN_CUES,
  PAST_VERBS,
  QUOTABLE_LINE,
  STORY_OPENINGS,
} from './pain-and-story-cues';
import {
  type Cue,
  FIRST_PERSON,
  MONEY_OR_PERCENT,
  NAMED_TOOL,
  PROPER_NOUN,
  QUESTION_TOPICS,
  SELLER_DISCOVERY,
  SMALL_TALK,
  SMALL_TALK_STORY,
  SPECIFIC_NUMBER,
  TAG_QUESTION,
} from './idea-patterns';
import { INDIRECT_OBJECTION_CUES, OBJECTION_CUES } from './objection-cues';
import type { Side } from '../text/segment';
import { classify, ideaModel, sentenceFeatures, type IdeaModel } from './idea-model';
import { SIDE_FIT, sideMayVoice } from './idea-sides';
import { mentionOf, NO_PRODUCT_NAMES, type ProductMention, type ProductNames } from './product-names';
import { NO_NEIGHBOURS, type SentenceNeighbours } from './sentence-neighbours';

/**
 * How much of an idea's score is its cue score, the rest being the model's probability: by
 * cross-validation, half and half was the best of 0, 0.3 and 0.5 while the model learnt with a
 * large step; learnt with a small one (`TRAINING`), its probabilities are less sure, and 0.4 was
 * the best of 0.3 to 0.6 (0.35 and 0.45 in between); learnt with dropout, surer again, 0.35 (0.3
 * to 0.5 tried).
 */
const CUE_SHARE = 0.35;

/** A sentence the model gives a kind less likely than this has no kind at all (not even one to pair on). */
const KIND_HINT = 0.1;

/**
 * Ideas scoring less are not kept. Chosen with `CUE_SHARE` by cross-validation (0.35 to 0.65
 * tried); 0.35 until the model learnt with dropout, whose probabilities are surer.
 */
export const MIN_IDEA_SCORE = 0.5;

/**
 * A competitor is kept from a lower score: it is found by its name, whatever the sentence's
 * shape, and a sentence that names a rival while it objects is that rival's quote as well
 * (`findContentIdeas`). At `MIN_IDEA_SCORE`, competitor recall fell under its goal of 0.8.
 */
const MIN_COMPETITOR_SCORE = 0.36;

/** The score an idea of `kind` must reach to be kept. */
export function minScoreOf(kind: IdeaKind): number {
  return kind === 'competitor' ? MIN_COMPETITOR_SCORE : MIN_IDEA_SCORE;
}

/**
 * What a kind's score gains or loses, as the labelling guide's precedence has it
 * (`IDEA_KIND_PRECEDENCE`): a question is a question before anything it names, a named
 * alternative a competitor before an objection, a current problem a pain before a story, and a
 * line is a story or a quote only when it is no other kind (a story must score 0.12 more than the
 * next kind). Chosen by 5-fold cross-validation (0.03 steps, two rounds over the kinds); by
 * leave-one-out, overall precision and recall rose from 0.74 / 0.73 to 0.75 / 0.74, story
 * precision from 0.41 to 0.59 for recall 0.48 to 0.39. The competitor's, added with `CUE_SHARE`
 * 0.4, holds competitor recall over its goal of 0.8 at the same overall figures. Once the model
 * learnt with dropout and ideas were kept from 0.5, each kind moved by 0.03 each way again gained
 * nothing overall (a question's 0.09 gave back customer question recall, 0.91 to 0.92, for the
 * same overall sum; docs/transcript-evaluation.md).
 */
const KIND_LEANING: Partial<Record<IdeaKind, number>> = {
  customer_question: 0.06,
  competitor: 0.03,
  pain_point: 0.03,
  story_or_quote: -0.12,
};

/** What a quote is, and how good an idea it makes (0..1). */
export interface KindScore {
  kind: IdeaKind;
  score: number;
}

/** A named alternative outweighs the objection it often comes with: the name is the idea. */
const NAMED_ALTERNATIVE_STRENGTH = 0.7;
/**
 * A product or vendor the call names (`product-names.ts`), in a sentence that weighs it as an
 * alternative (a quote, a demo, a trial), is a competitor whatever the sentence's shape, and so,
 * nearly, is one the call weighs elsewhere, or one the buyer has under contract or already does
 * the job with (an incumbent). One the buyer only works in ("We're on Ledgerly for utility
 * billing") or only names is more often a system than a rival: those count less, and the model
 * weighs them. One they would connect to (integrating, syncing, exporting) is a requirement, no
 * competitor. Chosen by cross-validation: with current and named at 0.6 and 0.5 as before,
 * competitor precision was 0.65 (9-fold); at 0.45 and 0.35, recall fell to 0.77; these keep it
 * at 0.8.
 */
const PRODUCT_ALTERNATIVE_STRENGTH = 0.7;
const PRODUCT_WEIGHED_STRENGTH = 0.6;
const PRODUCT_INCUMBENT_STRENGTH = 0.6;
const PRODUCT_CURRENT_STRENGTH = 0.5;
const PRODUCT_NAMED_STRENGTH = 0.45;
/** A next step with a date is a commitment. */
const DUE_DATE_BONUS = 0.15;

/**
 * What a question keeps of its score when the sides are not known and it reads as a seller's
 * discovery question (`How many reps do you have?`): most likely the seller's, not a customer's.
 */
const DISCOVERY_WITHOUT_SIDES = 0.4;

/** Every substantive question a buyer asks is worth this much before its topic is weighed. */
const QUESTION_BASE = 0.4;
/** A story opening without a result with a number is weak. */
const OPENING_ALONE = 0.25;
/** An opening told as a story (things that happened, in the past) is one, without a number. */
const NARRATED_STORY = 0.62;
/** A sentence this long narrates with one past verb fewer. */
const LONG_NARRATION_WORDS = 15;
/** Past-tense verbs that make a sentence a narration. */
const NARRATION_VERBS = 3;
/** A buyer's line worth quoting as it is ("I don't care about the logo on the box"). */
const QUOTABLE_STRENGTH = 0.5;
/** What a story's strength loses when its number measures a loss or a reason to hesitate: that is the idea. */
const OTHER_KIND_IN_STORY = 0.2;
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

/** How many verbs in the past a text has: three make it a narration. */
function pastVerbs(text: string): number {
  return text.match(PAST_VERBS)?.length ?? 0;
}

/** Whether a text opens a story (a time, an example, a customer) without telling its result. */
export function opensStoryWithoutOutcome(text: string): boolean {
  return strengthOf(STORY_OPENINGS, text) > 0 && strengthOf(OUTCOMES, text) === 0;
}

/** How strongly what a sentence says of the call's products makes it a competitor (see `PRODUCT_ALTERNATIVE_STRENGTH`). */
function productStrength(product: ProductMention): number {
  if (!product.named) return 0;
  if (product.asIntegration) return 0;
  if (product.asAlternative) return PRODUCT_ALTERNATIVE_STRENGTH;
  if (product.weighedInCall) return PRODUCT_WEIGHED_STRENGTH;
  if (product.asIncumbent) return PRODUCT_INCUMBENT_STRENGTH;
  return product.asCurrent ? PRODUCT_CURRENT_STRENGTH : PRODUCT_NAMED_STRENGTH;
}

/** How strongly a text is of `kind`, before its length, specificity and side are weighed; 0 when it is not. */
function kindStrength(kind: IdeaKind, text: string, question: boolean, side: Side, product: ProductMention): number {
  switch (kind) {
    case 'customer_question': {
      if (!question || side === 'internal' || SMALL_TALK.test(text)) return 0;
      let strength = QUESTION_BASE + strengthOf(QUESTION_TOPICS, text);
      if (TAG_QUESTION.test(text)) strength *= 0.5;
      return strength;
    }
    case 'objection': {
      const strength = Math.max(strengthOf(OBJECTION_CUES, text), strengthOf(INDIRECT_OBJECTION_CUES, text));
      // A question that names a hurdle asks about it: it is a customer question first.
      return strength * (FIRST_PERSON.test(text) ? 1 : 0.85) * (question ? 0.6 : 1);
    }
    case 'pain_point':
      return strengthOf(PAIN_CUES, text) * (FIRST_PERSON.test(text) ? 1 : 0.8);
    case 'story_or_quote': {
      if (SMALL_TALK_STORY.test(text)) return 0;
      const opening = strengthOf(STORY_OPENINGS, text);
      const outcome = strengthOf(OUTCOMES, text);
      const told = pastVerbs(text);
      let story: number;
      // A long sentence narrates with one past verb fewer (`We had a mom call me in January, … her daughter got three different answers`).
      const narrated = told >= NARRATION_VERBS || (told === NARRATION_VERBS - 1 && countWords(text) >= LONG_NARRATION_WORDS);
      if (outcome === 0) story = opening > 0 && narrated ? NARRATED_STORY : Math.min(opening, OPENING_ALONE);
      // A number alone, in no past, is a plan or a figure (`grow new logos by thirty percent`), not a story.
      else if (opening === 0 && told === 0) return 0;
      else story = Math.max(opening, outcome) + (opening > 0 ? OPENING_WITH_OUTCOME : 0);
      // A loss told (`duplicate contacts`, `wrote off`) is a pain, and a bad experience told as a
      // reason to hesitate (`usage dropped to ten percent`) an objection, before it is a story.
      // An anecdote (`We had a patient last month text to cancel…`) stays a story though it tells a loss.
      const pain = strengthOf(PAIN_CUES, text);
      const lossTold = outcome === 0 ? pain >= 0.5 && !ANECDOTE.test(text) : pain >= 0.35;
      const toldAsOther = lossTold || strengthOf(INDIRECT_OBJECTION_CUES, text) >= 0.5;
      const quotable = QUOTABLE_LINE.test(text) ? QUOTABLE_STRENGTH : 0;
      // A question asks; it tells no story.
      return Math.max(toldAsOther ? story - OTHER_KIND_IN_STORY : story, quotable) * (question ? 0.5 : 1);
    }
    case 'competitor':
      // As for objections: a question that names an alternative asks about it.
      return (
        Math.max(
          strengthOf(COMPETITOR_CUES, text),
          NAMED_ALTERNATIVE.test(text) ? NAMED_ALTERNATIVE_STRENGTH : 0,
          productStrength(product),
        ) * (question ? 0.6 : 1)
      );
    case 'next_step': {
      if (CALL_LOGISTICS.test(text)) return 0;
      const strength = strengthOf(NEXT_STEP_CUES, text);
      return strength === 0 ? 0 : strength + (DUE_DATE.test(text) ? DUE_DATE_BONUS : 0);
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
export function scoreIdea(kind: IdeaKind, text: string, question: boolean, side: Side, products: ProductNames = NO_PRODUCT_NAMES): number {
  return scoreWith(kind, text, question, side, qualityOf(text), mentionOf(text, products));
}

/**
 * How strongly each kind's hand-written cues score a quote, after its side and quality (0 where
 * none); `products` are the names of products the call talks about (`productNamesOf`).
 */
export function cueScores(
  text: string,
  question: boolean,
  side: Side,
  products: ProductNames = NO_PRODUCT_NAMES,
): Record<IdeaKind, number> {
  const quality = qualityOf(text);
  const product = mentionOf(text, products);
  const scores = {} as Record<IdeaKind, number>;
  for (const kind of ideaKinds) scores[kind] = scoreWith(kind, text, question, side, quality, product);
  return scores;
}

/**
 * The kind a quote fits best and how good an idea it makes (0..1, 3 decimals): the mean of its cue
 * score and the probability the idea model (`idea-model.ts`) gives it from its words and cue
 * scores (and its `neighbours` in its turn), among the kinds its speaker's side may voice
 * (`idea-sides.ts`). Undefined when no such kind reaches `KIND_HINT`.
 */
export function bestIdeaKind(...reading: Parameters<typeof readIdeaKinds>): KindScore | undefined {
  return readIdeaKinds(...reading).best;
}

/** A quote's best kind (`bestIdeaKind`), and how good a competitor idea it makes whatever its best kind. */
export interface IdeaKindReading {
  best: KindScore | undefined;
  competitor: number;
}

/**
 * `bestIdeaKind`, with the quote's competitor score beside it: a sentence that names a rival
 * while it objects or complains (`Benchling is free for academics…`) is an objection and names a
 * competitor too, and the name is an idea of its own (`findContentIdeas`).
 */
export function readIdeaKinds(
  text: string,
  question: boolean,
  side: Side,
  model: IdeaModel = ideaModel(),
  products: ProductNames = NO_PRODUCT_NAMES,
  neighbours: SentenceNeighbours = NO_NEIGHBOURS,
): IdeaKindReading {
  const cues = cueScores(text, question, side, products);
  const probabilities = classify(model, sentenceFeatures(text, question, side, cues, products, neighbours));
  // The model learnt sides from calls that have them, and reads a sentence of unknown side as a
  // buyer's: a seller's discovery question is discounted here, in its whole score, once.
  const discovery = question && side === 'unknown' && SELLER_DISCOVERY.test(text) ? DISCOVERY_WITHOUT_SIDES : 1;
  let best: KindScore | undefined;
  let competitor = 0;
  model.classes.forEach((kind, index) => {
    if (kind === 'none' || !sideMayVoice(kind, side)) return;
    const mean = (1 - CUE_SHARE) * (probabilities[index] ?? 0) + CUE_SHARE * cues[kind];
    const leant = (mean + (KIND_LEANING[kind] ?? 0)) * (kind === 'customer_question' ? discovery : 1);
    const score = Math.round(Math.min(1, Math.max(0, leant)) * 1000) / 1000;
    if (kind === 'competitor') competitor = score;
    if (score >= KIND_HINT && (!best || score > best.score)) best = { kind, score };
  });
  return { best, competitor };
}

/** What a quote is worth whatever its kind: specificity and fit of length. */
function qualityOf(text: string): number {
  return specificityOf(text) + lengthFitOf(countWords(text));
}

function scoreWith(kind: IdeaKind, text: string, question: boolean, side: Side, quality: number, product: ProductMention): number {
  const fit = SIDE_FIT[kind][side];
  if (fit === 0) return 0;
  const strength = kindStrength(kind, text, question, side, product);
  if (strength <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, (strength + quality) * fit)) * 1000) / 1000;
}
