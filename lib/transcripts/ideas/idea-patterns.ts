/**
 * The lexicons of the embedded idea finder: what makes a sentence a customer question, an
 * objection, a pain point, a story or an insight, and how strongly (`weight`, 0..1). English
 * only; all case-insensitive. Matched against one sentence at a time, so none may be costly.
 */

/** A phrase that points at a kind of idea, and how strongly. */
export interface Cue {
  pattern: RegExp;
  weight: number;
}

/** A number in words, as speech is often transcribed: `thirty five`, `two hundred`, `half`. */
const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half)';
/** A number, in digits (`1,200`, `3.5`) or in words. */
const NUMBER = String.raw`(?:\d[\d,.]*|\b${NUMBER_WORD}(?:[- ]${NUMBER_WORD})*\b)`;
/** What a number counts in a result or a cost: `30%`, `ten hours`, `3x`, `twelve meetings`. */
const COUNTED = String.raw`(?:%|percent\b|x\b|times\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|deals?\b|reps?\b|meetings?\b|points?\b|seats?\b|dollars\b|k\b|million\b|thousand\b)`;

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

const cue = (weight: number, ...alternatives: string[]): Cue => ({ pattern: new RegExp(alternatives.join('|'), 'i'), weight });

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

/** A buyer pushing back: price, timing, an incumbent tool, security and legal, lock-in, sign-off, doubts. */
export const OBJECTION_CUES: readonly Cue[] = [
  cue(
    0.55,
    String.raw`\btoo (?:expensive|pricey|much money|costly|high)\b`,
    String.raw`\b(?:very|really|pretty|quite|a bit|bit) (?:expensive|pricey|steep)\b`,
    String.raw`\b(?:over|above|outside|beyond) (?:our|the|my) budget\b`,
    String.raw`\bbudget (?:is|was|'s)? ?(?:tight|limited|frozen|cut|gone|spent|already allocated)\b`,
    String.raw`\b(?:can'?t|cannot|couldn'?t) (?:afford|justify)\b`,
    String.raw`\bhard to justify\b`,
    String.raw`\bjustify (?:the|that|this) (?:cost|spend|price|investment)\b`,
    String.raw`\b(?:more than|twice|double|triple|\d+x) (?:than )?(?:what )?we (?:pay|spend|are paying)\b`,
    String.raw`\b(?:price|cost|pricing) (?:is|was|seems|feels) (?:a |an )?(?:concern|issue|problem|high|steep|blocker|lot)\b`,
    String.raw`\b(?:cheaper|sticker shock)\b`,
  ),
  cue(
    0.5,
    String.raw`\bnot (?:a|the|our) (?:top )?priority\b`,
    String.raw`\bnot (?:the )?right (?:time|moment)\b`,
    String.raw`\b(?:next|this) (?:quarter|year|fiscal year|half) (?:at the earliest|is (?:busy|packed|full|tough)|maybe)\b`,
    String.raw`\b(?:no|don'?t have (?:the|any)?) ?(?:bandwidth|capacity)\b`,
    String.raw`\b(?:too busy|maybe later|on hold|other priorities|bad timing|hiring freeze|budget freeze)\b`,
    String.raw`\btiming (?:is|isn'?t|was) (?:not |tough|bad|tricky|an issue|a problem|(?:my|our|the|a) (?:other |big |real )?(?:worry|concern|issue|problem))`,
    String.raw`\brevisit (?:this|it) (?:later|next)\b`,
  ),
  cue(
    0.5,
    String.raw`\balready (?:use|using|have|pay for|paying for|work with|working with|invested in|signed)\b`,
    String.raw`\b(?:we'?re|we are) (?:happy with|locked into|committed to|under contract)\b`,
    String.raw`\b(?:happy|fine|comfortable|satisfied) with (?:what we have|our current|the current)\b`,
    String.raw`\b(?:switch(?:ing)? (?:from|away|costs?)|rip (?:it )?out)\b`,
    String.raw`\bour current (?:tool|vendor|provider|contract|system|setup|solution|platform)\b`,
    String.raw`\b(?:another|a different|an existing) (?:tool|vendor|provider|solution|platform) (?:that|which|already|for)\b`,
  ),
  cue(
    0.5,
    String.raw`\bsecurity (?:review|team|questionnaire|assessment|concerns?|approval|sign-?off)\b`,
    String.raw`\b(?:soc ?2|iso ?27001|gdpr|hipaa|compliance|infosec|procurement|dpa|pen ?test)\b`,
    String.raw`\blegal (?:review|team|sign-?off|approval|would|will|needs?|has to)\b`,
    String.raw`\bdata (?:residency|privacy|protection)\b`,
    String.raw`\bvendor (?:review|assessment|onboarding)\b`,
  ),
  cue(
    0.45,
    String.raw`\b(?:annual|multi-?year|long-?term|\d+-year|year-long|two-year|three-year) (?:contract|commitment|agreement|term)\b`,
    String.raw`\b(?:lock(?:ed)?-? ?in|auto-?renew\w*|notice period|exit clause)\b`,
  ),
  cue(
    0.45,
    String.raw`\bsign-? ?off\b`,
    String.raw`\b(?:need|have|got) to (?:check with|run (?:it|this|that) by|talk to|get approval|loop in|involve|bring in|convince)\b`,
    String.raw`\bapprov(?:al|e) from\b`,
    String.raw`\bnot my (?:call|decision)\b`,
    String.raw`\b(?:decision-? ?makers?|buy-?in)\b`,
  ),
  cue(
    0.45,
    String.raw`\bnot (?:sure|convinced) (?:it|this|that|we|the|our)\b`,
    String.raw`\b(?:too|very|really|pretty) (?:complex|complicated|heavy)\b`,
    String.raw`\blearning curve\b`,
    String.raw`\b(?:won'?t|wouldn'?t|will not|would not) (?:adopt|use it|use another|bother)\b`,
    String.raw`\b(?:heavy|big|a lot of|significant) (?:lift|effort|change management)\b`,
    String.raw`\b(?:overkill|skeptical|sceptical|hesitant)\b`,
    String.raw`\btried (?:something|a tool|one|this) like (?:this|that|it)\b`,
    String.raw`\b(?:doesn'?t|does not|won'?t|wouldn'?t) (?:fit|work for) (?:us|our)\b`,
    String.raw`\bnot a (?:good )?fit\b`,
  ),
  cue(
    0.4,
    String.raw`\b(?:my|our|the|one|big|biggest|main|only)(?: other| biggest| main| real| big)? (?:concerns?|worry|worries|hesitation|reservations?)\b`,
    String.raw`\b(?:i'?m|we'?re|i am|we are) (?:a (?:bit|little) )?(?:worried|concerned|nervous)\b`,
  ),
];

/** A month or a season, as a buyer names when something can or cannot happen. */
const PERIOD =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|harvest|christmas|the holidays|year-end|q[1-4])';
/** Who signs or blocks a purchase. */
const APPROVER =
  '(?:cfo|cio|ceo|cto|coo|board|committee|trustees|owners?|managing director|general counsel|counsel|compliance(?: officer)?|legal|procurement|finance|provost|management|director|vp|regulators?|risk)';

/**
 * Indirect objections: a buyer rarely says "no", but names who must approve, when it cannot
 * happen, what went wrong last time, who will not use it, what it must pass, how long it binds.
 */
export const INDIRECT_OBJECTION_CUES: readonly Cue[] = [
  cue(
    0.55,
    // Authority: someone else decides, or must approve first.
    String.raw`\b(?:goes?|going|has to go|have to go|needs? to go|must go|would (?:have to|need to) go)\s+(?:through|to|past|before)\s+(?:the |our |my |a |an |his |her )?(?:[\w'-]+ ){0,3}?${APPROVER}\b`,
    String.raw`\b${APPROVER}\b[^.?!]{0,60}\b(?:signs?|approves?|approval|sign-?off|sign off|decides?|will ask|wants? to know|(?:will|would) (?:not|never)|won'?t|has to approve|needs convincing)\b`,
    String.raw`\b${APPROVER}\b[^.?!]{0,60}\b(?:has|have|needs?|must|will want) to (?:see|review|approve|sign|look at|vote on)\b`,
    String.raw`\b(?:requires?|needs?|subject to) (?:the )?(?:approval|sign-?off)\b`,
    String.raw`\bnot (?:the one who|up to me|my (?:call|decision))\b|\bneeds? convincing\b`,
    String.raw`\b(?:it'?s|that'?s) (?:his|her|their) (?:decision|call)\b`,
    String.raw`\bi can recommend\b|\bi (?:cannot|can'?t) approve\b|\bwon'?t get past\b`,
  ),
  cue(
    0.55,
    // Budget and price, said without "too expensive".
    String.raw`\b(?:above|over|beyond|outside|exceeds?) (?:what (?:we|i) (?:budgeted|planned|pay|had in mind)|(?:our|the|my) (?:budget|range|number))\b`,
    String.raw`\bbudget\b[^.?!]{0,50}\b(?:committed|not huge|isn'?t huge|small|limited|tight|frozen|cut|spent|already includes|gone|not final)\b`,
    String.raw`\b(?:cut|reduce|trim)\w* (?:\w+ ){0,2}spend\w*\b|\bspend(?:ing)? freeze\b`,
    String.raw`\b(?:can'?t|cannot|couldn'?t) (?:defend|justify|take|sell)\b`,
    String.raw`\b(?:not happening|not in (?:the |our |this year'?s )?(?:capital|budget|plan)\w*)\b|\bmore than (?:our|the) (?:whole |entire |total )?(?:\w+ )?budget\b|\b(?:never|not|couldn'?t|can'?t) afford\b|\bmore than (?:i|we) (?:have|got|pay)\b`,
    String.raw`\bevery (?:contract|invoice|line item|vendor|renewal) (?:over|above)\b|\bline by line\b`,
    String.raw`\bgoing back to finance\b|\b(?:nearly|almost|more than) (?:double|twice|triple)\b|\bwhy (?:we'?re|we are) paying\b|\bpays? for itself\b`,
    String.raw`\bevery (?:new )?(?:software )?line\b[^.?!]{0,40}\bexplained\b`,
  ),
  cue(
    0.5,
    // Timing: not now, and when.
    String.raw`\bat the earliest\b|\bnot before\b|\b(?:peak|busy|high) season\b|\bflat out\b|\bworst (?:possible )?time\b|\bdo not expedite\b`,
    String.raw`\b(?:between|from) ${PERIOD} (?:and|to|through|until) ${PERIOD}\b|\b${PERIOD} (?:through|to|until) ${PERIOD}\b`,
    String.raw`\bnext (?:year'?s|fiscal year'?s) (?:cycle|budget|allocation)\b`,
    String.raw`\b(?:more than|at least) (?:\w+ ){1,2}(?:weeks|days|months) of (?:my|our|their) time\b|\bdon'?t see (?:that|it|this) happening\b`,
    String.raw`\b(?:in the middle of|right before|during) (?:a|an|our|the) [\w -]{0,20}(?:migration|season|close|audit|reorg\w*|rollout|launch|freeze)\b`,
    String.raw`\b(?:takes?|is|that'?s|about|realistically)\s+(?:typically |usually |about |around )?(?:a month|(?:[\w-]+ )?(?:to|or) [\w-]+ (?:weeks|months)|[\w-]+ (?:weeks|months))(?:,? maybe \w+)?\b[^.?!]{0,30}\b(?:before|on our side|whoever|they do not|we can)\b`,
  ),
  cue(
    // Above a told story's strength: a bad experience told on a buying call is a reason to hesitate.
    0.65,
    // A past bad experience, raised as a reason to hesitate.
    String.raw`\b(?:the|our|my) (?:last|previous|old|current) (?:vendor|tool|software|system|provider|platform|one|solution|[A-Z]{2,6}|crm|erp)\b[^.?!]{0,80}\b(?:took|broke|breaks|failed|died|sat|stopped|never|only|didn'?t|couldn'?t|wasn'?t)\b`,
    String.raw`\b(?:we|they|i) tried to (?:move|switch|migrate|implement|roll out|replace|bring in)\b|\b(?:not|never) (?:do|go through|doing|going through) (?:that|this|it) again\b|\bnever again\b|\bseen (?:that|this) (?:one |movie )?before\b`,
    String.raw`\b(?:stopped (?:using|logging|trusting)|sat unused|never (?:used|logged in)|shut it (?:off|down)|gave up on|been burned)\b`,
    String.raw`\b(?:it|the (?:project|pilot|tool|rollout|system)) (?:quietly |just |slowly )?(?:died|fizzled|petered out)\b|\bwe'?ve had (?:companies|vendors|providers|suppliers)\b`,
    String.raw`\bpromised (?:to us )?by\b|\bput us in that position\b|\bnot (?:want|going) to repeat\b|\bdidn'?t hear from (?:anyone|anybody)\b|\bnobody from your side\b`,
    String.raw`\bticket\b[^.?!]{0,40}\bopen for\b`,
    String.raw`\b(?:usage|adoption) (?:dropped|fell|collapsed|died)\b|\bat my (?:previous|last|old) (?:\w+ )?(?:company|job|hotel|firm|employer|school|hospital)\b[^.?!]{0,40}\b(?:we had|had a)\b`,
  ),
  cue(
    0.5,
    // Adoption and effort: who will not use it, what it would take.
    String.raw`\b(?:won'?t|will not|wouldn'?t|would not|not going to|are not going to|aren'?t going to|never going to|will never|would never|just won'?t|nobody'?s going to|nobody is going to|no one'?s going to|no one is going to)\s+(?:\w+\s+)?(?:use|type|adopt|sit through|log in|agree|accept|staff|learn|switch|read|sell|bother|let)\b`,
    String.raw`\b(?:train|retrain)\w* (?:something like |about |around |over |roughly )?(?:\d[\d,]*|${NUMBER_WORD}(?:[- ]${NUMBER_WORD})*) (?:people|users|staff|employees|adjusters|technicians|agents|reps|managers|clinicians|nurses)\b`,
    String.raw`\b(?:babysit|revolt|fiddly|coming for their jobs|die on the floor)\b`,
  ),
  cue(
    0.5,
    // A gate the purchase must pass first: security, compliance, risk, contract terms.
    String.raw`\b(?:will not|won'?t|cannot|can'?t|not going to) (?:approve|sign|accept|onboard|install|commit)\b[^.?!]{0,60}\b(?:without|until|unless|before|for)\b`,
    String.raw`\bbefore (?:anything|we|i) (?:is |can |are )?(?:signed|installed|approve|sign|put|go live)\b`,
    String.raw`\bwithout (?:\w+ ){0,4}(?:signing off|sign-?off|approval|approving|sign off)\b|\bnothing goes live\b|\bi don'?t have (?:one|anyone|the (?:people|time|budget|headcount|bandwidth)|that kind of)\b`,
    String.raw`\bif (?:we|it|the|that|this|you)\b[^.?!]{0,80}\b(?:doesn'?t|don'?t|isn'?t|won'?t|fails?|breaks?|goes wrong|goes down|can'?t)\b[^.?!]{0,60}\b(?:i|we)(?:'?m|'?re| am| are| will|'ll| would|'d)?\b`,
    String.raw`\b(?:risk (?:committee|assessment)|model risk|outsourcing|third-party risk)\b`,
    String.raw`\b(?:long|big) commitment\b|\byears? is a long\b|\bmarried to\b|\bnot keen on\b|\bcan'?t sign (?:something|anything)\b|\block (?:myself|ourselves|us|me) in\b`,
  ),
];

/** A buyer's struggle: manual work, spreadsheets, hours lost, dropped follow-ups, no visibility, errors, churn. */
export const PAIN_CUES: readonly Cue[] = [
  cue(
    0.5,
    String.raw`\b(?:manual(?:ly)?|by hand|copy(?:ing)?[- ]and[- ]past\w*|copy-?past\w*|re-?enter\w*|re-?typ\w*|double entry|spreadsheets?|google sheets)\b`,
  ),
  cue(
    0.5,
    String.raw`\b(?:wast(?:e|es|ed|ing)|los(?:e|es|ing)|lost|spend(?:s|ing)?|spent|burn(?:s|ing)?|eat(?:s|ing)? up|worked)\b[^.?!]{0,30}\b(?:hours?|days?|afternoons?|mornings?|evenings?|weekends?|nights?)\b`,
    String.raw`\blost (?:most of |all of |half of |the whole |a whole )?(?:january|february|march|april|may|june|july|august|september|october|november|december|a week|a month|the season|the year|weeks|months)\b`,
  ),
  cue(
    0.45,
    String.raw`${NUMBER}\s*(?:hours?|hrs?)\s*(?:a|per|every|each)\s*(?:(?:rep|person|manager)\s+(?:a|per|every|each)\s*)?(?:week|day|month)\b`,
  ),
  cue(
    0.55,
    String.raw`\b(?:fall(?:s|ing)? through the cracks|slip(?:s|ping)? through|drop(?:s|ped|ping)? the ball)\b`,
    String.raw`\b(?:don'?t|doesn'?t|didn'?t|never|rarely|forget to|forgot to|no one|nobody) (?:really )?(?:follow(?:s|ing)?[- ]?up|logs?|updates?|enters?)\b`,
    String.raw`\bmiss(?:ed|ing)? (?:follow-?ups?|deals|quota|targets?|the number|renewals?)\b`,
    String.raw`\bnever (?:got|get|gets|received|receive) (?:a |any )?follow-?ups?\b`,
  ),
  cue(
    0.45,
    String.raw`\b(?:struggl\w*|frustrat\w*|painful|nightmare|headache|messy|chaos|chaotic|tedious|overwhelm\w*|burn(?:ed|t|ing)? out|bottlenecks?|drowning)\b`,
  ),
  cue(
    0.5,
    String.raw`\b(?:can'?t|cannot|couldn'?t|no way to|hard to|difficult to|impossible to) (?:really )?(?:see|track|tell|find|know|measure|trust|keep (?:up|track))\b`,
    String.raw`\bno (?:visibility|insight|idea (?:what|who|which|how|where|if|whether))\b`,
  ),
  cue(0.35, String.raw`\b(?:errors?|mistakes?|typos?|inaccura\w*|out of date|outdated|stale|duplicates?|inconsisten\w*)\b`),
  cue(0.45, String.raw`\b(?:churn\w*|turnover|attrition)\b`, String.raw`\blosing (?:customers|deals|reps|accounts)\b`),
  cue(0.35, String.raw`\b(?:too slow|so slow|takes (?:forever|too long|ages|weeks|months)|waiting on|fall(?:ing)? behind)\b`),
  cue(
    0.45,
    String.raw`\b(?:biggest|main|real|big) (?:challenge|problem|issue|pain|headache|struggle)\b`,
    String.raw`\b(?:the problem is|pain point)\b`,
  ),
  cue(0.4, String.raw`\b(?:chas(?:e|es|ing)|nagging|guesswork|guessing|flying blind|gut feel)\b`),
  cue(
    0.5,
    // What it costs, as a recurring amount: `costs us maybe eight, nine thousand dollars a week` (not `cost us a case of beer`).
    String.raw`\b(?:costs? us|costing us)\b[^.?!]{0,40}\b(?:a|per|every|each) (?:week|month|year|quarter|day)\b|\bcosts? us (?:maybe |about |around |roughly )?(?:\d|${NUMBER})[^.?!]{0,20}(?:%|percent|dollars|pounds|euros|thousand|million|hours)`,
    String.raw`\b(?:down the drain|throw(?:ing)? away|written off|wrote off)\b`,
    String.raw`\b(?:disappear\w*|get lost|goes? missing|nobody (?:ever )?(?:sees|saw|reads|answers|picks up|owns|listens)|no one (?:sees|answers|owns|listens))\b`,
    String.raw`\b(?:percent|%|half|a third|a quarter|most) of (?:our|my|their|the team'?s) (?:time|week|day|days|capacity)\b|\bminutes of (?:an? |our |my )?\w+ (?:reading|typing|searching|copying|looking|listening|waiting)\b`,
    String.raw`\b(?:we|they|i) still (?:miss|chas\w+|wait\w*|do it by hand|type)\b|\bstill chasing\b|\babsorb\w* (?:the )?(?:overruns|costs?|losses)\b`,
    String.raw`\b(?:is|are) (?:junk|garbage|useless|a mess|unreliable)\b|\b(?:freezes|crashes|keeps crashing)\b|\bunder-?claim\w*|\bmissed out on\b|\bonly (?:\w+ ){0,2}(?:understands|knows how)\b|\bnever quite right\b`,
    String.raw`\blost (?:\w+ ){0,2}(?:drivers|reps|staff|people|customers|clients|employees|members|donors|accounts|samples)\b`,
    String.raw`\b(?:whiteboard|clipboards?|paper forms?|printed (?:\w+ )?(?:maps?|lists?|sheets?|forms?)|phone calls) (?:\w+ ){0,4}(?:a|per|every) (?:week|day|month|morning)\b|\b(?:on a whiteboard|clipboards|on paper|taped to)\b`,
    String.raw`\b(?:no-?shows?|second visits?|return trips?|rework|re-?keying|retyp\w*|double[- ]bookings?|overbook\w*|oversold|backlogs?)\b`,
    String.raw`\b(?:sit|sits|sat|wait|waits|waiting) (?:for )?(?:\w+ ){0,3}(?:days|weeks|hours)\b`,
  ),
  cue(
    0.4,
    String.raw`\b(?:one|1) (?:\w+ )?in (?:three|four|five|ten|\d+)\b|\b(?:rate|number) is (?:running|sitting|stuck)\b|\b(?:don'?t|doesn'?t|never) match\b|\bthe rest (?:just )?(?:email|forget|ignore)\b`,
  ),
];

/** The opening of a story: a time, an example, a customer, something done. */
export const STORY_OPENINGS: readonly Cue[] = [
  cue(
    0.35,
    String.raw`\b(?:last|this past|earlier this) (?:quarter|year|month|week|spring|summer|fall|autumn|winter)\b`,
    String.raw`\ba (?:few|couple of) (?:months|years|weeks|quarters) ago\b`,
  ),
  cue(
    0.3,
    String.raw`\b(?:for example|for instance|as an example|case in point|i remember|one time|at my (?:last|previous|old) (?:company|job|role))\b`,
  ),
  cue(
    0.35,
    String.raw`\b(?:one|a) (?:of our )?(?:customers?|clients?)\b`,
    String.raw`\b(?:a|one) (?:company|team|customer) (?:like yours|similar|we work with)\b`,
    String.raw`\bcase stud\w*\b`,
  ),
  cue(
    0.25,
    String.raw`\b(?:when|once) (?:we|i|they)\b`,
    String.raw`\bwe had (?:a|an|one) \w+|\b(?:told|called|emailed) me\b|\bin (?:january|february|march|april|june|july|august|september|october|november|december)\b|\b(?:two|three|a few) (?:springs|summers|winters|seasons) ago\b`,
    String.raw`\bwe (?:had|tried|rolled out|launched|switched|moved|started|hired|lost|went)\b`,
  ),
];

/** A line a buyer says that a post could quote as it is: a contrast of what matters and what does not. */
export const QUOTABLE_LINE =
  /\b(?:i|we) (?:don'?t|do not) care (?:about|what|how|who|if)\b|\b(?:numbers|results|proof|outcomes),? not (?:promises|features|slides|a slide deck|logos?)\b|^(?:numbers|results|proof)\. not\b|\bshow me on my\b/i;

/** The opening of an anecdote: someone, one time, told or did something. */
export const ANECDOTE = /\b(?:we had (?:a|an|one)|one time|i remember|for example|for instance|told me|called me|emailed me)\b/i;

/** Verbs of a told story, in the past: a sentence with three of them narrates. */
export const PAST_VERBS =
  /\b(?:\w{3,}ed|had|got|went|came|left|told|said|lost|took|drove|did|made|saw|felt|threw|hung|tore|wrote|knew|became|began|broke|ran|sent|paid|gave|found|thought|was|were|wasn'?t|weren'?t|didn'?t|couldn'?t)\b/gi;

/** A result with a number: cut by 30%, saved 10 hours, went from 12 to 30, 3x faster. */
export const OUTCOMES: readonly Cue[] = [
  cue(
    0.45,
    String.raw`\b(?:cut|reduc\w*|increas\w*|grew|grow|doubl\w*|tripl\w*|sav(?:e|ed|es|ing)|boost\w*|improv\w*|dropp?\w*|lower\w*|shorten\w*|rais\w*|jump\w*|climb\w*|halv\w*|won|closed|booked|added)\b[^.?!]{0,60}?(?:${NUMBER}\s*${COUNTED}|[$€£]\s?\d|\bin half\b)`,
    String.raw`\bfrom [$€£]?${NUMBER}[^.?!]{0,30}?\bto (?:about |around |roughly |almost |over )?[$€£]?${NUMBER}`,
  ),
  cue(0.4, String.raw`(?:\d+(?:\.\d+)?x|${NUMBER} times) (?:more|faster|better|higher|the)\b`),
  cue(0.3, String.raw`${NUMBER}\s*(?:%|percent\b)`),
];

/** A general lesson: what we see, most teams, the key is, in our experience, data about many. */
export const INSIGHT_CUES: readonly Cue[] = [
  cue(
    0.55,
    String.raw`\bwhat (?:we|i)(?:'ve| have)? (?:see|saw|seen|find|found|learn\w*|notic\w*|hear|heard) (?:is|was|across|with|in|over)\b`,
  ),
  cue(
    0.45,
    String.raw`\bmost (?:teams|companies|customers|reps|sales (?:teams|leaders|orgs?)|people|buyers|managers|organi[sz]ations|founders)\b`,
  ),
  cue(
    0.5,
    String.raw`\bthe (?:key|trick|secret|difference|lesson|takeaway|pattern) (?:is|was|to|here)\b`,
    String.raw`\bin (?:our|my) experience\b`,
  ),
  cue(0.4, String.raw`\bthe (?:real |main |biggest )?(?:reason|mistake|problem|thing) (?:[\w']+ ){0,6}is (?:that|because)\b`),
  cue(0.45, String.raw`\b(?:the )?(?:best|top|high-performing|successful|winning) (?:teams|reps|companies|performers|sellers)\b`),
  cue(
    0.4,
    String.raw`\b(?:teams|companies|reps|buyers|people|firms|carriers|customers|ones|rollouts|managers|projects|organi[sz]ations|insurers|hospitals|schools|stores|vendors|deployments) (?:that|who) [^.?!]{0,60}\b(?:tend to|usually|always|never|are|get|see|win|close|have|name|keep|start|protect|stick|succeed|stall|fail|move|treat|look)\b`,
  ),
  // How often alone ("typically", "on average") also sizes a product ("a go-live is typically four months"): weak by itself.
  cue(0.3, String.raw`\b(?:tends? to|on average|typically)\b`),
  cue(
    0.4,
    String.raw`\b(?:as a rule|rule of thumb|it turns out|counterintuitive\w*|what (?:actually )?works is|the data (?:shows|says))\b`,
    String.raw`\bwe (?:analy[sz]ed|looked at|studied) (?:over )?\d+`,
    String.raw`\b(?:almost never|almost always|more often than not|nine times out of ten)\b|\bfail(?:s|ed)? because\b|\bit (?:was|is) that nobody\b`,
  ),
  cue(0.5, String.raw`${NUMBER}\s*(?:%|percent) of (?:teams|companies|reps|deals|buyers|customers|sellers|managers)\b`),
];

/** Someone committing to act after the call: `I'll send…`, `let's book…`, `send over the proposal`. */
export const NEXT_STEP_CUES: readonly Cue[] = [
  cue(
    0.5,
    String.raw`\b(?:i'?ll|i will|we'?ll|we will|i shall|we shall|i'?m going to|we'?re going to|i am going to|we are going to|he'?ll|she'?ll|he will|she will|(?!they\b|it\b|that\b|this\b|which\b|who\b|you\b)[a-z]+ will)\s+(?:also\s+|then\s+|just\s+|first\s+|definitely\s+|happily\s+)?(?:send|share|pick|ask|line up|present|prepare|pull|write up|put together|set up|book|schedule|bring|loop in|arrange|organi[sz]e|brief|confirm|submit|draft|follow up|email|forward|introduce|intro|ship|install|mail|circulate|block|ping|reach out|come back|sound out|have a word|speak to|talk to|turn (?:it|that|this) on|get (?:it|them|that|those|you|back))\b`,
    String.raw`\b(?:should|could|can|shall) we (?:\w+ )?(?:hold|book|grab|schedule|find|set up|pencil|plan|lock|reconvene|regroup)\b`,
    String.raw`\b(?:let'?s|why don'?t we|we should)\s+(?:\w+\s+)?(?:pencil|book|schedule|set up|find (?:a|some) time|plan|lock in|reconvene|regroup|meet|reconnect|hop on|jump on|aim for|target)\b`,
    String.raw`\bwhat (?:i|we)'?d (?:suggest|propose) is\b|^give (?:me|us) (?:\w+ )?(?:weeks?|days?|a week|a month)\b`,
    String.raw`\b(?:i|we)'?d like to (?:get|set up|send|book|schedule|put|run|bring)\b(?=[^.?!]*\b(?:next|this|by|on|before|within|today|tomorrow)\b)`,
  ),
  cue(
    0.45,
    String.raw`^(?:and\s+|so\s+|then\s+)?(?:please\s+)?(?:send|forward|share|loop|break|bring|book|email)\s+(?:over|me|us|it|the|a|our|your|that|those|this|them)\b`,
    String.raw`^(?:next|this|on) (?:monday|tuesday|wednesday|thursday|friday|week)\b`,
    // Weaker verbs commit only with a date (`I'll have two names for you by Thursday`): see DUE_DATE.
    String.raw`\b(?:i'?ll|i will|we'?ll|we will|[a-z]+ will)\s+(?:then\s+|also\s+)?(?:have|get|take|run|start|walk|meet|join|hold|turn|set|pull|go through|review|decide)\b(?=[^.?!]*\b(?:by|on|before|until|within|next|this|today|tomorrow)\b)`,
  ),
  cue(0.4, String.raw`\b(?:calendar invite|follow-?up (?:call|meeting)|next steps? (?:is|are|would be|will be)|as a next step)\b`),
];

/** When a step is due: a step with a date is a commitment, not a wish. */
export const DUE_DATE = new RegExp(
  String.raw`\b(?:today|tonight|tomorrow|this afternoon|this week|next week|end of (?:the )?(?:day|week|month)|eod|by (?:then|the \w+)|(?:next|this|on) (?:monday|tuesday|wednesday|thursday|friday|week|month)|in (?:a|one|two|three|a couple of|a few|about \w+|\d+) (?:days?|weeks?)|within [\w ]{1,20}days|(?:monday|tuesday|wednesday|thursday|friday)s?|january|february|march|april|june|july|august|september|october|november|december|\w+(?:teenth|tieth)|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth) of|the week (?:of|after))\b`,
  'i',
);

/** Talk that runs the call rather than plans after it: `let me share my screen`. */
export const CALL_LOGISTICS = /\b(?:share|sharing) (?:my|the|your) screen\b|\blet me (?:show|pull up|bring up|switch|stop sharing)\b/i;

/** An alternative to the seller: a vendor named as offering, quoting or being weighed; building it in-house. */
export const COMPETITOR_CUES: readonly Cue[] = [
  cue(
    0.6,
    String.raw`\b(?:built|build|building|wrote|written|write|writing|scripted|developed|hacked together|cobbled together|made)\b[^.?!]{0,40}?\b(?:ourselves|in-?house|internally|our own)\b`,
    String.raw`\b(?:in-?house|home-?grown|homegrown|home-?made|self-?built) (?:\w+ )?(?:tool|solution|system|build|version|script|app|application|spreadsheet|database|platform|pipeline|thing)s?\b`,
    String.raw`\bour (?:own )?(?:engineers|developers|devs|it (?:team|department|guys|people)|data team|dev team|tech team)\b[^.?!]{0,30}?\b(?:could|can|would|built|wrote|are building|have built|will build|want to build)\b`,
    String.raw`\b(?:build|do) (?:it|this|that) ourselves\b`,
    String.raw`\bwrote us (?:a|an) (?:\w+ )?(?:script|tool|app|macro)\b`,
    String.raw`\b(?:an? |our )?(?:access|filemaker) database\b|\bexcel (?:front end|macros?)\b`,
  ),
  cue(
    0.55,
    String.raw`\b(?:offered|quoted|pitched|pitching|proposed|offering|quoting) (?:us|me|them)\b`,
    String.raw`\b(?:competing (?:offer|quote|bid|vendor)s?|other vendors?|another vendor|the other (?:vendor|tool|option|bid|quote)s?|one of (?:\w+) vendors)\b`,
    String.raw`\b(?:their|a) (?:quote|bid|offer|proposal|price) (?:came in|is|was)\b`,
    String.raw`\b(?:i|we) costed (?:it|that|this)\b`,
  ),
];

/**
 * A vendor named as an alternative: looked at, quoted, offering, gone with (`We also looked at
 * Procore`, `Oracle came in last month`), or a colleague who could build it (`get Trevor to add
 * a map`). Case matters: the name is capitalised.
 */
export const NAMED_ALTERNATIVE = new RegExp(
  [
    String.raw`\b(?:[Ll]ooked at|[Ll]ooking at|[Ee]valuated|[Ee]valuating|[Tt]rialled|[Tt]rialed|[Cc]onsidered|[Cc]onsidering|go with|going with|switch to|switching to|move to|moving to|quote from|quotation from|offer from|proposal from|demo of|demo from|talking to|talking with|in talks with)\s+(?:the\s+)?[A-Z][\w.]*[a-z0-9]`,
    String.raw`\b[A-Z][\w.]*[a-z0-9]\s+(?:came in|has been in touch|have been in touch|offered|quoted|is offering|are offering|is pitching|are pitching|pitched)\b`,
    String.raw`\b(?:other (?:two|one|three)|others) (?:are|is)\s+[A-Z]`,
    String.raw`\bget [A-Z]\w+ to (?:add|build|write|make|script|do|extend)\b`,
    String.raw`\b(?:system|database|tool|app|spreadsheet|thing) that [A-Z]\w+(?:, [^,.]+,)? (?:built|wrote|made|set up)\b`,
  ].join('|'),
);
