/**
 * The lexicons of the embedded idea finder: what makes a sentence a customer question, an
 * objection, a pain point, a story or an insight, and how strongly (`weight`, 0..1). English
 * only; all case-insensitive. Matched against one sentence at a time, so none may be costly.
 * This file has what every kind reads and the questions; objection-cues.ts and
 * pain-and-story-cues.ts have the rest.
 */

/** A phrase that points at a kind of idea, and how strongly. */
export interface Cue {
  pattern: RegExp;
  weight: number;
}

/** A number in words, as speech is often transcribed: `thirty five`, `two hundred`, `half`. */
export const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half)';
/** A number, in digits (`1,200`, `3.5`) or in words. */
export const NUMBER = String.raw`(?:\d[\d,.]*|\b${NUMBER_WORD}(?:[- ]${NUMBER_WORD})*\b)`;
/** What a number counts in a result or a cost: `30%`, `ten hours`, `3x`, `twelve meetings`. */
export const COUNTED = String.raw`(?:%|percent\b|x\b|times\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|deals?\b|reps?\b|meetings?\b|points?\b|seats?\b|dollars\b|k\b|million\b|thousand\b)`;

/** A number that says something: any digit, or a number in words with what it counts (not `one of our customers`). */
export const SPECIFIC_NUMBER = new RegExp(String.raw`\d|${NUMBER}\s*${COUNTED}`, 'i');

/** Names of sales and office tools a buyer compares with: a named tool makes an idea specific. */
export const NAMED_TOOL =
  /\b(salesforce|sfdc|hubspot|gong|chorus|outreach|salesloft|pipedrive|zoho|dynamics|excel|google sheets|slack|microsoft teams|zoom|notion|airtable|zapier|marketo|linkedin|sales navigator|clari|apollo|zoominfo|jira|okta|workday|netsuite|sap|oracle|tableau|looker|power bi|docusign)\b/i;

/** A capitalised word inside a sentence (not the first word of one): a name, a product, a place. */
export const PROPER_NOUN = /[^\s.?!:"“]\s+\p{Lu}[\p{L}\p{N}]+/u;

/** Money or a percentage. */
export const MONEY_OR_PERCENT = new RegExp(String.raw`[$€£]\s?\d|${NUMBER}\s?(?:%|percent\b|dollars\b)`, 'i');

/** The speaker owns what is said: we, our, my team, the reps. */
export const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|we|we're|we've|we'd|our|us|my|me|reps|team|managers?)\b/i;

/** Questions that run a call rather than ask about anything: never a customer question. */
export const SMALL_TALK = new RegExp(
  [
    String.raw`\b(?:can|could) (?:you|everyone|everybody|y'?all) (?:hear|see) (?:me|us|my screen|the screen|it|that|this)\b`,
    String.raw`\bhow(?:'s| is| are| was| were)? (?:it going|you|your (?:day|week|weekend|morning|afternoon|holiday|trip|summer)|everything|the weather|things|life)\b`,
    String.raw`\bdoes (?:that|this|it) (?:all )?make sense\b`,
    String.raw`\bmake sense\?`,
    String.raw`\bam i (?:on mute|muted|frozen|breaking up|audible)\b`,
    String.raw`\bare (?:you|we) (?:still )?there\b`,
    String.raw`\bis (?:my|the) (?:audio|sound|video|mic|microphone|connection|screen)\b`,
    String.raw`\b(?:should|shall) we (?:get started|start|wait|kick off|begin|dive in|jump in)\b`,
    String.raw`\b(?:did|do) you (?:have|get) a (?:good|nice|great|relaxing) (?:weekend|week|holiday|trip|break|summer)\b`,
    String.raw`\bweather\b`,
    String.raw`\bwhere are you (?:based|located|calling from|dialing in from|joining from)\b`,
    String.raw`\b(?:any|other) questions(?: so far)?\?`,
    String.raw`\banything else\?`,
    String.raw`\bsounds? good\?`,
    String.raw`\bwho (?:just )?joined\b`,
    String.raw`\bready\?`,
    String.raw`\b(?:can|could|may) i (?:jump in|ask (?:a|you a|one)|add something|interrupt|chime in|share my screen)\b`,
    String.raw`\b(?:can|could) you (?:repeat|say) (?:that|it)\b`,
  ].join('|'),
  'i',
);

/** What is told before the call gets going, not a story worth a post: the weather, the commute, an apology for the noise. */
export const SMALL_TALK_STORY =
  /\b(?:sun|sunny|rain|rained|raining|snow|snowed|weather(?!-)|car park|parking lot|traffic|on mute|running late|my kids|the kids|weekend)\b/i;

/** `…, right?`: a question that only asks to be agreed with. */
export const TAG_QUESTION =
  /,\s*(?:right|correct|yeah|yes|no|okay|ok|you know|huh|isn'?t it|don'?t you|doesn'?t it|aren'?t they|wouldn'?t you)\s*\?+["')\]”’]*$/i;

/**
 * A seller's discovery question about the buyer's own team and budget. When the sides are not
 * known such a question is most likely the seller's, not a customer question.
 */
export const SELLER_DISCOVERY = new RegExp(
  [
    String.raw`\b(?:your|you guys'?) (?:budget|team|process|timeline|goals?|priorities|current|reps|company|organi[sz]ation|stack|workflow|decision|biggest|main|top|quota|pipeline|sales (?:team|process|cycle))\b`,
    String.raw`\b(?:are|do|did) you (?:currently|guys|use|using|track|handle|manage|measure)\b`,
    String.raw`\bhow (?:many|much) \w+(?: \w+)? (?:do|does|are|is) (?:you|your)\b`,
    String.raw`\bwhat (?:tools?|systems?|crm|software) (?:are|do) you\b`,
    String.raw`\bwho (?:else )?(?:is|would be|will be) involved\b`,
    String.raw`\bwhat would (?:it|success|a good outcome) (?:take|look like)\b`,
    String.raw`\btell me (?:about|more)\b`,
  ].join('|'),
  'i',
);

/** A cue from its alternatives, matched case-insensitively. */
export const cue = (weight: number, ...alternatives: string[]): Cue => ({ pattern: new RegExp(alternatives.join('|'), 'i'), weight });

/** Topics that make a buyer's question worth a post; added to the weight every substantive question has. */
export const QUESTION_TOPICS: readonly Cue[] = [
  cue(0.22, String.raw`\b(?:integrat\w*|connect(?:s|ing|ion)?|connectors?|sync\w*|api|apis|webhooks?|plug-?ins?)\b`),
  cue(0.25, String.raw`\b(?:pric\w*|costs?|licen[cs]\w*|discounts?|contracts?|billing|tiers?|plans?|how much|minimum term|term)\b`),
  cue(0.15, String.raw`\b(?:accura\w*|offline|uptime|latency|error rate)\b`),
  cue(0.15, String.raw`\bper (?:seat|user|licen[cs]e|month|year|rep|team)\b`),
  cue(
    0.22,
    String.raw`\b(?:secur\w*|soc ?2|iso ?27001|gdpr|hipaa|encrypt\w*|sso|saml|complian\w*|pen ?tests?|penetration)\b`,
    String.raw`\bdata (?:residency|retention|privacy|stored|hosted|live)\b`,
    String.raw`\bwhere (?:is|does) (?:the|our) data\b`,
  ),
  cue(0.2, String.raw`\b(?:onboard\w*|implement\w*|set ?up|roll(?:ing)? ?out|migrat\w*|go[- ]live|ramp\w*|training)\b`),
  cue(0.15, String.raw`\bhow (?:long|much time) (?:does|would|will|did) (?:it|that|this|\w+) (?:\w+ )?(?:take|need)\b`),
  cue(
    0.12,
    String.raw`\b(?:does (?:it|the (?:tool|platform|product))|can (?:it|the (?:tool|platform|product)|we|i|you)|do you (?:support|have|offer|integrate|handle)|what happens (?:if|when)|what (?:kind|sort|type) of)\b`,
    String.raw`\bis (?:it|there) (?:a way|possible|able)\b`,
    String.raw`\bhow (?:does|do|would|will|can) (?:it|this|that|the|your|we)\b`,
  ),
  cue(
    0.12,
    String.raw`\b(?:roi|return on|results?|customers like us|case stud\w*|references?|benchmarks?|reporting|reports?|dashboards?|forecast\w*|analytics|metrics)\b`,
  ),
  cue(0.1, String.raw`\b(?:support|sla|uptime|customer success|account manager)\b`),
];
