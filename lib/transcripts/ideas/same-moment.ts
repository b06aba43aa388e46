/** A quote kept as an idea of one kind: where its sentences are in the call, and how good it is. */
export interface MomentItem {
  /** Position in the call of its first sentence, and of its last (a quote may pair two sentences). */
  order: number;
  last: number;
  /** Its turn. */
  segment: number;
  score: number;
}

const byScoreThenOrder = (a: MomentItem, b: MomentItem) => b.score - a.score || a.order - b.order;

/**
 * Quotes of one kind grouped by moment: those of one turn whose sentences follow each other are
 * one moment, since a buyer who objects, or tells a pain, in three sentences in a row raised one
 * objection or one pain, not three. Each moment lists its best quote first; the moments come best
 * first. Read by cross-validation, 2,366 ideas became 2,042, and precision rose from 0.71 to 0.73
 * at the same recall (docs/transcript-evaluation.md).
 */
export function groupMoments<T extends MomentItem>(items: readonly T[]): T[][] {
  const moments: T[][] = [];
  for (const item of [...items].sort((a, b) => a.order - b.order)) {
    const moment = moments[moments.length - 1];
    const previous = moment?.[moment.length - 1];
    if (moment && previous && previous.segment === item.segment && item.order <= previous.last + 1) moment.push(item);
    else moments.push([item]);
  }
  return moments.map((moment) => moment.sort(byScoreThenOrder)).sort((a, b) => byScoreThenOrder(a[0]!, b[0]!));
}
