/** The lexicons of pains, stories and outcomes (see idea-patterns.ts). */
import type { Cue } from './idea-patterns';
import { COUNTED, NUMBER, cue } from './idea-patterns';

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

/**
 * Building it in-house, the alternative every seller meets: what the buyer built, wrote or could
 * put together themselves, or has of their own (`we could build this ourselves`, `I wrote a
 * script that pulls…`, `our own scripts in Python`, `knock up a SharePoint site`). Not "our own
 * system": that is more often where the buyer's data must stay than a rival.
 */
export const IN_HOUSE_CUE: Cue = cue(
  0.6,
  String.raw`\b(?:built|build|building|wrote|written|write|writing|scripted|developed|hacked together|cobbled together|made)\b[^.?!]{0,40}?\b(?:ourselves|in-?house|internally|our own)\b`,
  String.raw`\b(?:in-?house|home-?grown|homegrown|home-?made|self-?built) (?:\w+ )?(?:tool|solution|system|build|version|script|app|application|spreadsheet|database|platform|pipeline|thing)s?\b`,
  String.raw`\bour (?:own )?(?:engineers|developers|devs|it (?:team|department|guys|people)|data team|dev team|tech team)\b[^.?!]{0,30}?\b(?:could|can|would|built|wrote|are building|have built|will build|want to build)\b`,
  String.raw`\b(?:build|do) (?:it|this|that) ourselves\b`,
  // What the buyer made themselves is what the seller's product would replace (`I built us an X thing`, `We built what we have`, `I wrote them`).
  String.raw`\b(?:i|we) (?:built|wrote) (?:us (?:a|an)\b|what we (?:have|use|run)\b|(?:it|them)\b(?! (?:down|up|off)))`,
  String.raw`\bwrote us (?:a|an) (?:\w+ )?(?:script|tool|app|macro)\b`,
  String.raw`\b(?:an? |our )?(?:access|filemaker) database\b|\bexcel (?:front end|macros?)\b`,
  String.raw`\b(?:i|we) (?:already )?(?:built|wrote) (?:us )?(?:a|an|some) (?:\w+ )?(?:spreadsheet|database|script|macro|tool|app|form)s?\b`,
  String.raw`\bour own (?:\w+ )?(?:scripts?|tools?|apps?)\b`,
  String.raw`\b(?:knock(?:ed)? (?:up|together)|(?:throw|threw|cobbled?|hack(?:ed)?) together)\b`,
);

/** An alternative to the seller: a vendor named as offering, quoting or being weighed; building it in-house. */
export const COMPETITOR_CUES: readonly Cue[] = [
  IN_HOUSE_CUE,
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
