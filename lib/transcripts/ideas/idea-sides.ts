import type { IdeaKind } from '../model/analysis';
import type { Side } from '../text/segment';

/**
 * Whose words an idea of each kind can come from, and how much a side's words count for it.
 * Questions, objections, pains, competitors and stories are the customer's: a seller asking
 * "what's your budget?" asks no customer question, and a seller's product claim ("95 % word
 * accuracy") or a result of another customer the seller tells is no customer story. A lesson
 * can come from either side, and so can a next step (both sides commit to them). A speaker of
 * unknown side counts a little less where the customer's side is needed.
 */
export const SIDE_FIT: Record<IdeaKind, Record<Side, number>> = {
  customer_question: { external: 1, unknown: 0.85, internal: 0 },
  objection: { external: 1, unknown: 0.85, internal: 0 },
  pain_point: { external: 1, unknown: 0.85, internal: 0 },
  competitor: { external: 1, unknown: 0.85, internal: 0 },
  next_step: { external: 1, unknown: 1, internal: 1 },
  story_or_quote: { external: 1, unknown: 0.85, internal: 0 },
  insight: { internal: 1, unknown: 0.9, external: 1 },
};

/** Whether words of `side` may be the evidence of an idea of `kind`: both analysers keep no other. */
export function sideMayVoice(kind: IdeaKind, side: Side): boolean {
  return SIDE_FIT[kind][side] > 0;
}
