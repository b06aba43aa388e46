import { ideaKinds, MAX_IDEAS, type ContentIdea, type IdeaKind } from '../model/analysis';
import { evidenceAt } from './evidence';
import { writeAngle, writeHook } from './idea-hooks';
import { countWords } from '../text/count-words';
import { bestIdeaKind, minScoreOf, opensStoryWithoutOutcome, readIdeaKinds, type IdeaKindReading, type KindScore } from './idea-scores';
import { ideaModel, type IdeaModel } from './idea-model';
import { groupNearDuplicates } from './near-duplicates';
import { groupMoments } from './same-moment';
import { IN_HOUSE_CUE } from './pain-and-story-cues';
import { productNamedIn, productNamesOf, type ProductNames } from './product-names';
import type { Segment } from '../text/segment';
import { splitSentences, type Sentence } from '../text/sentences';
import { neighboursOf, type SentenceNeighbours } from './sentence-neighbours';
import { MAX_QUOTE_CHARS, quoteSpan } from './verbatim-quote';

/** The best candidates kept per kind before near-duplicates are merged: bounds the merging's cost on any call. */
export const CANDIDATES_PER_KIND = 200;
/** A sentence shorter than this may be quoted with the next one (`Timing is my other worry. This quarter…`). */
const PAIR_BELOW_WORDS = 8;
/** Evidence quotes per idea (`contentIdeaSchema`). */
const MAX_EVIDENCE = 3;
/** Each mention beyond the first adds this to an idea's score (three at most): said again, it matters. */
const MENTION_BONUS = 0.04;
/**
 * Kinds whose sentences are not kept as a competitor's quote as well (see `findContentIdeas`): a
 * competitor's already is one, and a next step or a story names a product without weighing it.
 */
const NOT_ALSO_COMPETITOR: ReadonlySet<IdeaKind> = new Set(['competitor', 'next_step', 'story_or_quote']);

/**
 * Places each kind gets before the other kinds have had theirs, so one kind does not fill the
 * list (`MAX_IDEAS` in all): a buyer's own questions and objections first.
 */
export const FIRST_PASS_PLACES: Record<IdeaKind, number> = {
  customer_question: 10,
  objection: 8,
  pain_point: 8,
  competitor: 3,
  next_step: 4,
  story_or_quote: 4,
  insight: 3,
};

/**
 * The idea a sentence and the next make together, when they may be quoted together: two
 * questions, a story's opening and (presumably) its result, a short sentence that hints at a
 * kind and the next that completes it (`Timing is my other worry. This quarter…`), or a sentence
 * too weak to be an idea alone that a short one after it gives its kind (`…which is a landline.
 * Those messages just disappear.`).
 */
function pairedIdea(
  segment: Segment,
  sentence: Sentence,
  next: Sentence,
  alone: KindScore | undefined,
  nextAlone: () => KindScore | undefined,
  model: IdeaModel,
  products: ProductNames,
  neighbours: SentenceNeighbours,
): KindScore | undefined {
  const questions = sentence.question && next.question;
  const opening = opensStoryWithoutOutcome(sentence.text);
  const short = alone !== undefined && countWords(sentence.text) < PAIR_BELOW_WORDS;
  const trailingWords = countWords(next.text);
  // A sentence too weak to be an idea alone (`…just under a hundred and twenty thousand a year.`)
  // is given its kind by a short one after it (`That's not happening.`), which would otherwise be
  // quoted with the sentence after it. Not a question: `…would qualify. Desmond?` hands the word
  // over, it completes nothing.
  const weak = alone === undefined || alone.score < minScoreOf(alone.kind);
  const trailing = weak && !next.question && trailingWords >= 3 && trailingWords < PAIR_BELOW_WORDS ? nextAlone() : undefined;
  if (!questions && !opening && !short && !trailing) return undefined;
  const pair = bestIdeaKind(segment.text.slice(sentence.from, next.to), next.question, segment.side, model, products, neighbours);
  if (!pair || questions || opening) return pair;
  // A short sentence is paired to complete its own kind, not to ride on the other one's.
  return pair.kind === (short ? alone : trailing)?.kind ? pair : undefined;
}

/** A quote that may become an idea: where it is and how good it is. */
interface Candidate extends KindScore {
  /** Position of its (first) sentence in the call: ties go to the earlier. */
  order: number;
  /** Position of its last sentence: the next one's when it pairs two. */
  last: number;
  segment: number;
  from: number;
  to: number;
}

/** An idea while ranked, with what breaks ties. */
interface RankedIdea {
  idea: ContentIdea;
  order: number;
  kindIndex: number;
}

const byScoreThenOrder = (a: { score: number; order: number }, b: { score: number; order: number }) =>
  b.score - a.score || a.order - b.order;
const byRank = (a: RankedIdea, b: RankedIdea) => b.idea.score - a.idea.score || a.order - b.order || a.kindIndex - b.kindIndex;

/**
 * Content ideas of a call, best first (at most `MAX_IDEAS`), each grounded in verbatim quotes.
 *
 * Each sentence is scored for every kind (`scoreIdea`) and kept as its best kind when it scores
 * `minScoreOf` that kind or more. A sentence is quoted with the next one instead when the two
 * score better together than either alone and they are two questions, a story's opening and its
 * result, a short sentence and the one that completes it, or a sentence too weak to keep alone
 * and the short one after it that gives its kind. A sentence kept as an objection, a pain, a
 * question or a lesson that names one of the call's products, or building it in-house, is also
 * kept as that competitor's quote when it scores enough as one. Only the best
 * `CANDIDATES_PER_KIND` of each kind go on, so what follows costs the same on any call: quotes
 * of a kind in a row of one turn are one moment (`groupMoments`), and near-duplicate moments of
 * a kind are merged (`groupNearDuplicates`; competitors naming the same product too), the best
 * quote first, up to three, `mentions` how many, and a little more score for each mention.
 * Ideas are ranked by score, then by their place in the call; each kind gets at most its
 * `FIRST_PASS_PLACES` before the others have had theirs. No clock, no randomness: the same
 * segments give the same ideas.
 *
 * `sentences` may be passed when the caller has split them already.
 */
export function findContentIdeas(
  segments: readonly Segment[],
  sentences: readonly Sentence[] = splitSentences(segments),
  model: IdeaModel = ideaModel(),
): ContentIdea[] {
  // The products and vendors the call names, so that a sentence naming one reads as a competitor whatever its shape.
  const products = productNamesOf(segments, sentences);
  const neighbours = neighboursOf(sentences);
  const pools = Object.fromEntries(ideaKinds.map((kind) => [kind, [] as Candidate[]])) as Record<IdeaKind, Candidate[]>;
  let carried: { index: number; reading: IdeaKindReading } | undefined;
  const readingAt = (index: number) => {
    if (carried?.index === index) return carried.reading;
    const sentence = sentences[index] as Sentence;
    return readIdeaKinds(
      sentence.text,
      sentence.question,
      (segments[sentence.segment] as Segment).side,
      model,
      products,
      neighbours[index],
    );
  };
  for (let index = 0; index < sentences.length; index++) {
    const sentence = sentences[index] as Sentence;
    const segment = segments[sentence.segment] as Segment;
    const order = index;
    const reading = readingAt(index);
    let best = reading.best;
    let to = sentence.to;
    const next = sentences[index + 1];
    if (next && next.segment === sentence.segment && next.to - sentence.from <= MAX_QUOTE_CHARS) {
      const nextBest = () => {
        if (carried?.index !== index + 1) carried = { index: index + 1, reading: readingAt(index + 1) };
        return carried.reading.best;
      };
      // The pair's neighbours are the sentence before the first and the one after the second.
      const outside: SentenceNeighbours = { before: neighbours[index]?.before, after: neighbours[index + 1]?.after };
      const pair = pairedIdea(segment, sentence, next, best, nextBest, model, products, outside);
      if (pair) {
        // Each sentence reads the other as its neighbour: weighed against the pair, each is read
        // without it, or the pair would compete with its own words twice.
        const apart = (text: string, question: boolean, around: SentenceNeighbours) =>
          bestIdeaKind(text, question, segment.side, model, products, around)?.score ?? 0;
        const alone = Math.max(
          apart(sentence.text, sentence.question, { before: outside.before }),
          apart(next.text, next.question, { after: outside.after }),
        );
        if (pair.score > alone) {
          best = pair;
          to = next.to;
          index++;
        }
      }
    }
    if (best && best.score >= minScoreOf(best.kind))
      keepCandidate(pools[best.kind], {
        ...best,
        order,
        last: to === sentence.to ? order : order + 1,
        segment: sentence.segment,
        from: sentence.from,
        to,
      });
    // A sentence of another kind that names one of the call's products as a rival, or building it
    // in-house, is that competitor's quote as well: a competitor is found by its name, whatever
    // else the sentence says. Not a next step nor a story: one names whom to send what, the other
    // what happened.
    if (best && !NOT_ALSO_COMPETITOR.has(best.kind)) {
      keepRivalQuote(pools.competitor, sentence, order, reading, products);
      if (to !== sentence.to) keepRivalQuote(pools.competitor, sentences[order + 1] as Sentence, order + 1, readingAt(order + 1), products);
    }
  }

  // Competitors are one idea per product instead: two sentences in a row may name two rivals.
  const ranked = ideaKinds.flatMap((kind, kindIndex) => {
    const candidates = bestOf(pools[kind]);
    const moments = kind === 'competitor' ? candidates.map((candidate) => [candidate]) : groupMoments(candidates);
    return mergeCandidates(moments, segments, kind === 'competitor' ? products : undefined).map((merged) => ({ ...merged, kindIndex }));
  });
  return chooseIdeas(ranked).map((entry) => entry.idea);
}

/**
 * Keeps a sentence as a competitor quote, when it makes a good enough one and names its rival: a
 * product of the call, or building it in-house.
 */
function keepRivalQuote(pool: Candidate[], sentence: Sentence, order: number, reading: IdeaKindReading, products: ProductNames): void {
  if (reading.competitor < minScoreOf('competitor')) return;
  if (productNamedIn(sentence.text, products) === undefined && !IN_HOUSE_CUE.pattern.test(sentence.text)) return;
  keepCandidate(pool, {
    kind: 'competitor',
    score: reading.competitor,
    order,
    last: order,
    segment: sentence.segment,
    from: sentence.from,
    to: sentence.to,
  });
}

/** Adds a candidate to its kind's pool, trimming the pool to the best `CANDIDATES_PER_KIND` when it doubles (amortised linear). */
function keepCandidate(pool: Candidate[], candidate: Candidate): void {
  pool.push(candidate);
  if (pool.length >= 2 * CANDIDATES_PER_KIND) pool.splice(0, pool.length, ...bestOf(pool));
}

function bestOf(pool: readonly Candidate[]): Candidate[] {
  return [...pool].sort(byScoreThenOrder).slice(0, CANDIDATES_PER_KIND);
}

/**
 * One idea per group of near-duplicate moments of one kind (`groupMoments`, best first), each
 * read by its best quote; a moment's other quotes follow it as evidence, and count as one mention.
 * With the call's `products` (for competitors), the quotes that name the same product are one
 * group too: a competitor is one idea however often the call names it, its quotes the evidence.
 */
function mergeCandidates(
  moments: readonly Candidate[][],
  segments: readonly Segment[],
  products?: ProductNames,
): Array<Omit<RankedIdea, 'kindIndex'>> {
  const quotedAt = (candidate: Candidate) => {
    const segment = segments[candidate.segment] as Segment;
    const span = quoteSpan(segment.text, candidate.from, candidate.to);
    return { candidate, segment, span, quote: segment.text.slice(span.from, span.to) };
  };
  const quoted = moments.map((moment) => ({ ...quotedAt(moment[0] as Candidate), moment }));
  return groupBySubject(quoted, (entry) => (products ? productNamedIn(entry.quote, products) : undefined)).map((group) => {
    const best = group[0] as (typeof group)[number];
    const { kind } = best.candidate;
    const score = Math.round(Math.min(1, best.candidate.score + MENTION_BONUS * Math.min(3, group.length - 1)) * 1000) / 1000;
    const evidence = group
      .flatMap((entry) => [entry, ...entry.moment.slice(1).map(quotedAt)])
      .slice(0, MAX_EVIDENCE)
      .map(({ segment, span }) => evidenceAt(segment, span.from, span.to));
    return {
      idea: {
        kind,
        hook: writeHook(kind, best.quote, best.segment.side),
        angle: writeAngle(kind, best.quote),
        score,
        mentions: group.length,
        evidence,
      },
      order: best.candidate.order,
    };
  });
}

/**
 * Items grouped by the subject `subjectOf` gives them (in order of each group's first item), and
 * those with none by near-duplicate text (`groupNearDuplicates`); items best first, so each
 * group's first item is its best.
 */
function groupBySubject<T extends { quote: string }>(items: readonly T[], subjectOf: (item: T) => string | undefined): T[][] {
  const bySubject = new Map<string, T[]>();
  const groups: T[][] = [];
  const rest: T[] = [];
  for (const item of items) {
    const subject = subjectOf(item);
    if (subject === undefined) {
      rest.push(item);
      continue;
    }
    const group = bySubject.get(subject);
    if (group) group.push(item);
    else {
      bySubject.set(subject, [item]);
      groups.push(bySubject.get(subject)!);
    }
  }
  return [...groups, ...groupNearDuplicates(rest, (item) => item.quote)];
}

/** The best `MAX_IDEAS`, each kind first limited to its `FIRST_PASS_PLACES`, the places left then filled by score; best first. */
function chooseIdeas(ideas: RankedIdea[]): RankedIdea[] {
  const ranked = [...ideas].sort(byRank);
  const taken = new Set<RankedIdea>();
  const perKind = new Map<IdeaKind, number>();
  for (const entry of ranked) {
    if (taken.size === MAX_IDEAS) break;
    const count = perKind.get(entry.idea.kind) ?? 0;
    if (count >= FIRST_PASS_PLACES[entry.idea.kind]) continue;
    perKind.set(entry.idea.kind, count + 1);
    taken.add(entry);
  }
  for (const entry of ranked) {
    if (taken.size === MAX_IDEAS) break;
    taken.add(entry);
  }
  return ranked.filter((entry) => taken.has(entry));
}
