import type { IdeaKind } from '../model/analysis';

/**
 * What each kind of idea is, as the labelled calls were labelled (`docs/transcript-evaluation.md`)
 * and as the LLM analyser is asked (`bedrock-ideas.ts`): one text for both, so that the model is
 * asked for what the score counts. A second labeller given only this and the script agreed with
 * the first on nearly every objection; the shorter definitions the prompt had before left out the
 * indirect ones (a past vendor, timing, who signs) that make most of the misses.
 */
export const IDEA_KIND_GUIDE: Record<IdeaKind, string> = {
  customer_question:
    "a substantive question of the customer's, blunt ones about price, contract or exit included (not small talk, not a clarification, never the seller's)",
  objection:
    "the customer's pushback, direct or indirect: price, budget, timing, authority, risk, effort, adoption, security or legal hurdles, a past bad experience raised as a reason to hesitate, lock-in",
  pain_point: "a current problem of the customer's and what it costs",
  competitor: 'a named alternative the customer uses, compares or is offered, or building it themselves',
  next_step: 'a commitment to act after the call, with an owner or a date, from either side',
  story_or_quote:
    "the customer's own story, or a vivid line of the customer's worth quoting; never the seller's claims or the seller's stories of other customers",
  insight: 'a general lesson about how teams work or buy, from either side; not a feature claim, nor a remark about this deal',
};

/** Which kind a quote is when it could be two. */
export const IDEA_KIND_PRECEDENCE: readonly string[] = [
  'competitor before objection when the point is the alternative',
  'objection before story_or_quote when a past experience is raised as a reason to hesitate',
  'objection before pain_point when it is a reason not to buy',
  'pain_point before story_or_quote when the line is about a current problem and what it costs',
];
