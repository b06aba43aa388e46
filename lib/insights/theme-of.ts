import type { ContentIdea } from '../transcripts/model/analysis';
import type { Theme, ThemeKind } from './model/theme';
import { isNeverAName } from '../transcripts/drafts/call-identities';
import { NAMED_BY_WHAT_FOLLOWS } from '../transcripts/drafts/mask-identities';
import { STOP_WORDS } from '../transcripts/ideas/stop-words';
import { IN_HOUSE_CUE } from '../transcripts/ideas/pain-and-story-cues';

/**
 * The topics buyers' objections, questions and pains fall into, each with the words that say it,
 * first match wins. Fixed and few, so that the same worry told in other words by another buyer
 * lands in the same theme, and a theme's count can be kept as a counter (`lib/store/insights.ts`).
 */
const TOPICS: ReadonlyArray<{ key: string; label: string; words: RegExp }> = [
  {
    key: 'price',
    label: 'Price and budget',
    words:
      /\b(?:price|pricing|priced|cost|costs|expensive|cheap(?:er)?|budget|afford|discount|quote[ds]?|per (?:seat|user|month|year)|fees?|roi|spend|dollars?|pounds|euros?)\b/i,
  },
  {
    key: 'integration',
    label: 'Integrations and data',
    words: /\b(?:integrat\w*|api|apis|sync\w*|connect(?:or|ors|s)?|import\w*|export\w*|crm|erp|data (?:model|migration)|fields?)\b/i,
  },
  {
    key: 'security',
    label: 'Security and compliance',
    words: /\b(?:secur\w*|complian\w*|gdpr|hipaa|soc ?2|audit\w*|privacy|legal|encrypt\w*|permissions?|access control|sso)\b/i,
  },
  {
    key: 'rollout',
    label: 'Rollout, onboarding and adoption',
    words:
      /\b(?:implement\w*|onboard\w*|roll ?out|rolled out|migrat\w*|set ?up|training|adopt\w*|learning curve|change management|go[- ]live)\b/i,
  },
  {
    key: 'timing',
    label: 'Timing and priorities',
    words: /\b(?:timing|this quarter|next quarter|next year|renewal|deadline|priorit\w*|bandwidth|not now|freeze)\b/i,
  },
  {
    key: 'manual_work',
    label: 'Manual work and wasted time',
    words: /\b(?:manual\w*|by hand|spreadsheets?|excel|copy(?:ing)?|paste|re-?enter\w*|hours|time-consuming|double entry|workarounds?)\b/i,
  },
  {
    key: 'visibility',
    label: 'Reporting and visibility',
    words: /\b(?:report\w*|dashboards?|visibility|forecast\w*|analytics|metrics|insights?|track(?:ing)?)\b/i,
  },
  {
    key: 'support',
    label: 'Support and service',
    words: /\b(?:support|customer service|response times?|help ?desk|account manager|slas?)\b/i,
  },
  {
    key: 'reliability',
    label: 'Reliability and performance',
    words: /\b(?:slow|crash\w*|downtime|outages?|reliab\w*|performance|scal\w*|bugs?|breaks?)\b/i,
  },
  {
    key: 'contract',
    label: 'Contract and commitment',
    words: /\b(?:contract\w*|lock(?:ed)?[- ]in|terms|cancel\w*|commitment|multi-year|three-year|annual)\b/i,
  },
  {
    key: 'decision',
    label: 'Decision makers and sign-off',
    words: /\b(?:sign[- ]off|approv\w*|board|cfo|ceo|procurement|stakeholders?|decision)\b/i,
  },
];

/**
 * Words that, in a quote already read as a competitor, say the rival is building it in-house,
 * though alone they are too little to make a sentence a competitor (`let me make the in-house
 * case`, `they could build it themselves`): the analyser's cue (`IN_HOUSE_CUE`) asks for more.
 */
const IN_HOUSE_WORDS = /\b(?:in-?house|home-?grown|homegrown)\b|\b(?:build|built|building)\b[^.?!]{0,40}\bthemselves\b/i;
const NAME = /\p{Lu}[\p{L}\p{N}]*(?:[.-]\p{L}+)?/gu;

/**
 * The product a competitor quote names: a capitalised word inside a sentence, one spelt `LabSpire`,
 * or one that opens a sentence as a vendor's subject (`Vantorix came…`), with the capitalised words
 * that go on straight after it (`Housecall Pro`), so a two-word product is not counted as its first.
 */
function productNamed(quote: string): string | undefined {
  for (const match of quote.matchAll(NAME)) {
    const word = match[0];
    const at = match.index ?? 0;
    const sentenceStart = at === 0 || /[.!?…]["'”’)]?\s+$/.test(quote.slice(Math.max(0, at - 3), at));
    const folded = word.toLowerCase();
    if (STOP_WORDS.has(folded) || (isNeverAName(word) && !/\d/.test(word)) || word.length < 2) continue;
    const subject = NAMED_BY_WHAT_FOLLOWS.test(quote.slice(at + word.length, at + word.length + 12));
    if (!sentenceStart || /\p{Ll}\p{Lu}/u.test(word) || subject) return word + nameGoesOn(quote.slice(at + word.length));
  }
  return undefined;
}

/** Up to two capitalised words straight after a product's first (`Housecall Pro`, `Zoho CRM One`), not ordinary words. */
function nameGoesOn(rest: string): string {
  const more = /^(?: \p{Lu}[\p{L}\p{N}]*){1,2}/u.exec(rest)?.[0] ?? '';
  const words = more.split(' ').filter(Boolean);
  const kept = words.findIndex((word) => STOP_WORDS.has(word.toLowerCase()));
  return (kept === -1 ? words : words.slice(0, kept)).map((word) => ` ${word}`).join('');
}

const other = (kind: ThemeKind): Theme => ({ key: 'other', label: kind === 'competitor' ? 'Other alternatives' : 'Other' });

/**
 * The theme of an idea: for a competitor, the product it names (or building it in-house); for
 * the others, the first topic whose words its quote uses; else `other`.
 */
export function themeOf(kind: ThemeKind, idea: Pick<ContentIdea, 'evidence'>): Theme {
  const quote = idea.evidence[0]?.quote ?? '';
  if (kind === 'competitor') {
    // The buyer means building it themselves: the words the analyser reads as that rival, or fewer.
    if (IN_HOUSE_CUE.pattern.test(quote) || IN_HOUSE_WORDS.test(quote)) return { key: 'in_house', label: 'Building it in-house' };
    const name = productNamed(quote);
    return name ? { key: `product:${name.toLowerCase().replace(/ /g, '-')}`, label: name } : other(kind);
  }
  const topic = TOPICS.find((each) => each.words.test(quote));
  return topic ? { key: topic.key, label: topic.label } : other(kind);
}
