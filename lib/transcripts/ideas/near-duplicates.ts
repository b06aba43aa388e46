import { STOP_WORDS } from './stop-words';

/** Two quotes whose word sets overlap this much (Jaccard) say the same thing. */
export const NEAR_DUPLICATE_SIMILARITY = 0.6;

/**
 * The words of a text that carry its meaning: lower-cased, accents kept, stop words and
 * one-letter words dropped, a plural `s` dropped (`spreadsheets` = `spreadsheet`).
 */
export function meaningfulWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text
    .toLowerCase()
    .replace(/’/g, "'")
    .matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu)) {
    const word = match[0];
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    const owner = word.endsWith("'s") ? word.slice(0, -2) : word;
    const stem = owner.length > 3 && owner.endsWith('s') && !owner.endsWith('ss') ? owner.slice(0, -1) : owner;
    if (!STOP_WORDS.has(stem)) words.add(stem);
  }
  return words;
}

/** |a ∩ b| / |a ∪ b|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Groups near-duplicates, greedily and in order: each item joins the first group whose first
 * item's meaningful words it shares at least `threshold` of (Jaccard), or the same text when
 * neither has any; else it starts a group. Given items best first, each group's first item is
 * its best. Costs items × groups comparisons: callers bound the items.
 */
export function groupNearDuplicates<T>(items: readonly T[], textOf: (item: T) => string, threshold = NEAR_DUPLICATE_SIMILARITY): T[][] {
  const groups: Array<{ words: Set<string>; text: string; members: T[] }> = [];
  for (const item of items) {
    const text = textOf(item);
    const words = meaningfulWords(text);
    const same = (group: (typeof groups)[number]) =>
      words.size === 0 && group.words.size === 0
        ? group.text.toLowerCase() === text.toLowerCase()
        : jaccard(words, group.words) >= threshold;
    const group = groups.find(same);
    if (group) group.members.push(item);
    else groups.push({ words, text, members: [item] });
  }
  return groups.map((group) => group.members);
}
