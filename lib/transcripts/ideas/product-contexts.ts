/**
 * The words around a product's name that say what the buyer does with it (`product-names.ts`).
 * Name-agnostic: the same words serve every industry, and none of them names a product.
 */

/**
 * Words that make a name an alternative the buyer weighs against the seller: a quote, an offer, a
 * demo, a trial, a pitch, a vendor who came in, switching, comparing, looking at.
 */
export const ALTERNATIVE_CONTEXT = new RegExp(
  [
    // Not "and I quote", which quotes a person.
    String.raw`\b(?:trial\w*|tried|testing|pilot(?:ing|ed)|(?<!\bI )quot(?:e|es|ed|ing|ation)|offer(?:s|ed|ing)?|pitch\w*|propos(?:al|ed)|demo(?:s|ed)?|present(?:ation|ed)|bids?)\b`,
    // Not "came in off the site", "come in from everywhere": a vendor comes in to pitch.
    String.raw`\b(?:c(?:a|o)mes? in(?! (?:from|off|through|here|late|early))|in touch|switch\w*|mov(?:e|ing) (?:to|onto)|compar\w*|versus|vs|alternatives?|evaluat\w*|consider\w*|upsell\w*|pushing|cheaper|bundl\w*)\b`,
    String.raw`\b(?:look(?:ed|ing)? (?:at|into)|talking (?:to|with)|went with|go(?:ing)? with|chose|their (?:rep|sales|price|pricing|quote|demo|offer|proposal)|why (?:not|wouldn't)|and not|instead of|rather than|keeps? (?:telling|saying|pushing|trying)|vendors?|competitors?)\b`,
  ].join('|'),
  'i',
);

/**
 * Words that make a name a product the buyer has today: using, running, being on it, paying for
 * it. Such a product is a competitor when it does what the seller sells, and only a system to
 * integrate with when it does not: the learnt model weighs the difference (`idea-model.ts`).
 */
export const CURRENT_CONTEXT = new RegExp(
  [
    String.raw`\b(?:use[sd]?|using|run(?:s|ning)?|licen[cs]\w*|subscription|renewal|contract|signed|bought|pay(?:s|ing)?|paid|sells?|selling|module|platform|software|app|tool)\b`,
    String.raw`\b(?:we(?:'re| are) (?:on|with)|(?:is|are|runs?|lives?) on|their (?:team|app|product|module|tool|version|server)|already (?:have|pay|run|use))\b`,
  ].join('|'),
  'i',
);

/**
 * Words that make a product the buyer has an incumbent the seller would replace, not only a system
 * they work in: a contract or a renewal, paying for it, it already doing the job, today.
 */
export const INCUMBENT_CONTEXT = new RegExp(
  String.raw`\b(?:contracts?|renew\w*|licen[cs]\w*|subscri\w*|signed|deal|pay(?:s|ing)? (?:for|them|it|\w+ a)|sells? us|modules?|already|today|currently|at the moment|right now)\b`,
  'i',
);

/**
 * Words that make a name a system the seller's product would connect to, not one it would
 * replace: integrating, syncing, exporting, feeding data in or out, logging in with it. A buyer
 * names the store, the ledger or the records system their data lives in ("We're on Ledgerly,
 * and I do not want to retype invoices"), and that is a requirement, not a competitor.
 */
export const INTEGRATION_CONTEXT = new RegExp(
  [
    String.raw`\b(?:integrat\w*|sync\w*|connect\w*|plug(?:s|ged|ging)? in(?:to)?|hook(?:s|ed)? (?:in|into|up)|talks to|(?:n't|not) talk to)\b`,
    String.raw`\b(?:export\w*|import\w*|feeds?|pull(?:s|ed|ing)? (?:from|in|into|out)|push(?:es|ed|ing)? (?:to|into|back)|apis?|csv|sftp|webhooks?|retyp\w*|re-?key\w*|re-?enter\w*|goes into|go into|log(?:s|ged)? (?:in|on) with|single sign-on|sso)\b`,
  ].join('|'),
  'i',
);
