/** The lexicon of a buyer's objections, said outright or indirectly (see idea-patterns.ts). */
import type { Cue } from './idea-patterns';
import { NUMBER_WORD, cue } from './idea-patterns';

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
