import type { ContentIdea, IdeaKind } from '../model/analysis';
import { countWords } from '../text/count-words';
import { jaccard, meaningfulWords } from './near-duplicates';

/**
 * At most this many ideas are offered as post material by default: a marketer reads a handful,
 * and an hour-long call holds forty (all of them stay available on request).
 */
export const MAX_BEST_IDEAS = 8;
/** Places each kind gets before any kind has a third: the handful stays diverse. */
const FIRST_PASS_PER_KIND = 2;
/** And the most any kind gets in all. */
const MOST_PER_KIND = 3;
/** A quote shorter than this (`Cheaper.`, `That adds up.`) is a reply, not something a post can stand on. */
const MIN_QUOTE_WORDS = 6;
/**
 * Two ideas of different kinds whose quotes share this much of their words (Jaccard) are the same
 * moment of the call told twice (a pain and an objection in one breath): the better one stays.
 * Lower than the merge within a kind, as the kinds' quotes are cut differently.
 */
const SAME_MOMENT_SIMILARITY = 0.45;

/** Kinds that are never post material: next steps are the sales team's (`I will send the proposal by Friday`). */
const NOT_POST_MATERIAL: ReadonlySet<IdeaKind> = new Set(['next_step']);

/** Whether an idea may be offered as post material at all. */
export function isPostMaterial(idea: ContentIdea): boolean {
  return !NOT_POST_MATERIAL.has(idea.kind) && countWords(idea.evidence[0]?.quote ?? '') >= MIN_QUOTE_WORDS;
}

/**
 * The positions in `ideas` (ranked best first) of the ideas a call offers by default: post material
 * only, at most `MAX_BEST_IDEAS`, each kind first held to `FIRST_PASS_PER_KIND` places and then to
 * `MOST_PER_KIND`, and an idea that tells the same moment as a better one left out. Best first.
 * Deterministic, and cheap (at most 40 × 8 comparisons), so it can run when a view is made.
 */
export function selectBestIdeas(ideas: readonly ContentIdea[]): number[] {
  const candidates = ideas
    .map((idea, index) => ({ idea, index, words: meaningfulWords(idea.evidence.map((evidence) => evidence.quote).join(' ')) }))
    .filter(({ idea }) => isPostMaterial(idea))
    .sort((a, b) => b.idea.score - a.idea.score || a.index - b.index);
  const chosen: typeof candidates = [];
  const perKind = new Map<IdeaKind, number>();
  const take = (limit: number) => {
    for (const candidate of candidates) {
      if (chosen.length === MAX_BEST_IDEAS) return;
      if (chosen.includes(candidate) || (perKind.get(candidate.idea.kind) ?? 0) >= limit) continue;
      if (chosen.some((other) => jaccard(other.words, candidate.words) >= SAME_MOMENT_SIMILARITY)) continue;
      perKind.set(candidate.idea.kind, (perKind.get(candidate.idea.kind) ?? 0) + 1);
      chosen.push(candidate);
    }
  };
  take(FIRST_PASS_PER_KIND);
  take(MOST_PER_KIND);
  return chosen.sort((a, b) => b.idea.score - a.idea.score || a.index - b.index).map(({ index }) => index);
}
