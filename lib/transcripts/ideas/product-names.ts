import type { Segment } from '../text/segment';
import type { Sentence } from '../text/sentences';
import { ALTERNATIVE_CONTEXT, CURRENT_CONTEXT, INCUMBENT_CONTEXT, INTEGRATION_CONTEXT } from './product-contexts';
import { STOP_WORDS } from './stop-words';

/**
 * The names of products and vendors a call talks about, found by their shape and their context
 * rather than from a list: a buyer names the alternative they use, trial or were quoted by with
 * whatever name it has ("We're also trialling LucidCut", "Vantorix came last year", "Quantrel
 * offered a hundred and twenty"), and no list of vendors keeps up with every industry. A list of
 * known names missed most of them on calls it was not written for.
 *
 * A name is a run of capitalised words (or one CamelCase, dotted or digit-bearing word) that is
 * not a common word capitalised only because it opens a sentence, not a participant's name, not
 * the call's own companies (the participants' email domains) nor a name the seller brings as
 * their own, and not a month, a day, a title or a common abbreviation. It is a product when the
 * call says it in a vendor's context somewhere (using, trialling, a quote, a demo, an offer,
 * switching, comparing) or names it four times; then every sentence that names it is read with
 * that in mind (`mentionOf`), whatever its shape ("Gorgias does TikTok today."): weighed as an
 * alternative, had as an incumbent, worked in, or connected to (the words are in
 * `product-contexts.ts`). A sentence that itself makes the word a person or a place (`calls me
 * Bea`, `the Elm Park site`, `a Hilton down the road`) does not name the product there.
 */

/** The products of one call: their names in lower case (each word of a multi-word name joined by a space). */
export interface ProductNames {
  readonly names: ReadonlySet<string>;
  /**
   * Those of `names` the call weighs as an alternative somewhere (a quote, a demo, a trial,
   * switching): a rival wherever else it is named. A name never so weighed is more often a system
   * the buyer works in (their store, their ledger) than a competitor.
   */
  readonly weighed: ReadonlySet<string>;
}

export const NO_PRODUCT_NAMES: ProductNames = { names: new Set(), weighed: new Set() };

/** What a sentence says of the call's products. */
export interface ProductMention {
  /** It names one of the call's products. */
  named: boolean;
  /** …as an alternative weighed against the seller's (a quote, a demo, a trial, switching, comparing). */
  asAlternative: boolean;
  /** …as a product the buyer has (using it, being on it, paying for it). */
  asCurrent: boolean;
  /** …as one it has under contract, pays for or already does the job with: an incumbent to replace. */
  asIncumbent: boolean;
  /** …as a system to connect to (integrating, syncing, exporting): a requirement more than a rival. */
  asIntegration: boolean;
  /** One it names is weighed as an alternative somewhere in the call (`ProductNames.weighed`). */
  weighedInCall: boolean;
}

const NONE: ProductMention = {
  named: false,
  asAlternative: false,
  asCurrent: false,
  asIncumbent: false,
  asIntegration: false,
  weighedInCall: false,
};

/** Words of the calendar: a run of capitalised words holding one is a date or a holiday (`Black Friday`, `New Year's Day`), no product. */
const CALENDAR = new Set(
  `january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays
  christmas easter thanksgiving halloween day eve year`.split(/\s+/),
);

/** Words of a number said aloud: `Sixty-seven`, `Two-twenty` open a sentence as figures, no product. */
const NUMBER_WORDS = new Set(
  `one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty
  thirty forty fifty sixty seventy eighty ninety hundred thousand million billion`.split(/\s+/),
);

/** Capitalised words that are never a product: titles, greetings, `I`, nationalities and languages. */
const NEVER_NAMES = new Set(
  `mr mrs ms dr prof sir madam i i'm i've i'd i'll god ok okay hi hey hello thanks thank bye
  english french german spanish italian dutch american british european canadian australian chinese japanese indian welsh irish scottish`.split(
    /\s+/,
  ),
);

/**
 * Common first names: a buyer speaks of colleagues who are not on the call ("we could get Trevor
 * to add a map"), and a person is no vendor. Not every name, but the ones most calls have.
 */
const FIRST_NAMES = new Set(
  `aaron adam alan alex alice amanda amy andrew angela anna anne anthony barbara ben beth betty bill bob brian carl carol catherine charles
  chris christine claire colin craig dale dan daniel dave david deb debbie denise derek diane donna doug ed elaine ellen emily emma eric
  frank gary george gert grace greg hannah harry helen ian jack james jane janet jason jeff jennifer jenny jim joe john jon jonathan joseph
  josh julia julie karen kate katie keith kevin laura lisa liz mark martha mary matt matthew michael mike nancy nick nicole paul pete peter
  phil rachel ravi richard rick ricky rob robert ron ruth ryan sam sarah scott sean simon sophie steve steven sue susan tim tom tony trevor
  vicky will william ray dana donna marty ingrid gus maria jose carlos luis ana sofia lucy olivia leo max ella`.split(/\s+/),
);

/**
 * A place before which a capitalised word is a place, not a vendor (`a depot in Cheyenne`, `our
 * office out of Dublin`); but one looks at a vendor, not at a place (`we looked at Procore`).
 */
const PLACE_BEFORE = /\b(?:in|(?<!\blook(?:s|ed|ing)? )at|near|based in|out of|across|around|outside|off)(?: the)? $/i;

/**
 * An article that makes a capitalised word one of a kind of thing, not a vendor the call deals
 * with: `a Hilton down the road`, `an iPad app`, `a Word table`.
 */
const A_THING_BEFORE = /\b(?:a|an) $/i;
/** What a vendor's name stands before as one of a kind of thing: its demo, its quote (`an Enerflo demo`, `a Salesforce quote`). */
const VENDOR_THING_AFTER = /^ (?:demo|quote|trial|pilot|proposal|contract|licen[cs]e|subscription|rep|sales ?rep|account manager)\b/i;

/** A place or an organisation's site after which a capitalised word is its name (`the Elm Park site`, `Lincoln Elementary`). */
const PLACE_AFTER =
  /^ (?:site|sites|office|offices|store|stores|branch|branches|campus|elementary|middle|high school|hotel|lodge|depot|warehouse|plant|clinic|hospital|county|city|street|road|avenue)\b/i;

/** Verbs a vendor is the subject of: a capitalised first word before one is a name (`Vantorix came…`, `Gorgias does TikTok`). */
const VENDOR_VERB =
  /^ (?:came|comes|offered|offers|quoted|quotes|pitched|does|did|gave|has|have|had|keeps?|is|was|were|sells?|wants?|wanted|charges?|includes?)\b/;

/**
 * Capitalised abbreviations of common things (roles, departments, file formats, protocols): a buyer
 * says "our CFO" or "the API" in every call, and none of them is a vendor.
 */
const COMMON_ABBREVIATIONS = new Set(
  `ai ml it hr ceo cfo cto coo cio cmo vp gm pm ops qa ui ux api apis sdk crm erp tms dms lims ehs cdc ocr sso saml soc gdpr hipaa pdf csv
  sms mms url id ids kpi kpis roi sla slas faq eu uk us usa tv pc ios os sql vba mvr rfp rfq po pos b2b b2c saas mvp asap eta fte q1 q2 q3 q4
  am pm`.split(/\s+/),
);

/** Words that open sentences: capitalised there, they are no name even when the call never writes them in lower case. */
const SENTENCE_OPENERS = new Set(
  `honestly actually basically also so well right okay yeah yes no sure look listen last next this that then now today tomorrow yesterday
  and but or because if when where what who why how which there here first second third finally plus anyway frankly obviously
  apparently luckily unfortunately fortunately currently right now again great perfect fine good cool exactly absolutely totally
  definitely maybe perhaps probably one two three four five six seven eight nine ten half most some many few every each all both
  nobody everybody everyone someone somebody nothing everything something our my your their his her its we they he she you it
  sounds thanks thank please let just even still only once before after since until while though although however yet`.split(/\s+/),
);

/**
 * A word of a name: capitalised, CamelCase, with a dot or digits inside, or digits then a word
 * (`Sprout.ai`, `Element451`, `iPad`, `7shifts`).
 */
const NAME_WORD = /^(?:\p{Lu}[\p{L}\p{N}'’.&-]*|\p{Ll}+\p{Lu}[\p{L}\p{N}]*|\p{N}+\p{Ll}{3,}[\p{L}\p{N}]*)$/u;
/** A name word whose shape alone says it is a name, even opening a sentence: CamelCase, a dot, digits. */
const SHAPED_NAME = /^(?:\p{Lu}\p{Ll}+\p{Lu}|\p{Ll}+\p{Lu}|\p{N}+\p{Ll}{3,})|\p{L}\.\p{Ll}{2,}$|\p{L}\p{N}/u;

/** Signs that a capitalised word is a person: a title or a relation before it, a pronoun or "'s team" after it. */
const PERSON_BEFORE =
  /\b(?:calls? me|(?:my|our|his|her|their) (?:\w+ )?(?:specialist|planner|lead|coordinator|officer|nurse|supervisor|foreman|friend|colleague|boss|manager|director|cfo|ceo|cto|coo|vp|head|guy|girl|nephew|niece|son|daughter|sister|brother|wife|husband|partner|assistant|developer|engineer|contractor|consultant|admin|rep)s?),? $/i;
const PERSON_AFTER =
  /^(?:'s|’s)? (?:team|boss|desk|office)\b|^,? (?:he|she|who)\b|^ (?:says|said|thinks|reckons|told me|told us|wrote|built|liked|likes|hates|hated|retired|left|joined|walks in|walked in|is joining|(?:is )?here|(?:is )?dialling in|(?:is )?dialing in)\b/i;

/** A name said this often is one the call is about, whatever is said around it. */
const REPEATED = 4;

interface Occurrence {
  key: string;
  /** Opens its sentence: capitalised maybe only because of that. */
  initial: boolean;
  shaped: boolean;
  side: Segment['side'];
  personLike: boolean;
  /** Opens the sentence and a vendor's verb follows it. */
  subject: boolean;
  /** In capitals only (`SAP`, `UKG`, but also `GIS`, `NDA`): a vendor only where the sentence weighs it as an alternative. */
  acronym: boolean;
  inContext: boolean;
  asAlternative: boolean;
  /** The alternative's words are within `NEAR_CHARS` of the name, not just somewhere in its sentence. */
  nearAlternative: boolean;
}

/**
 * How near an acronym a vendor's words must be for it to be a vendor: capitals name regulations,
 * formats and systems too (`an OSHA fine … from another vendor's crew`), and a sentence's word far
 * from them says nothing of them.
 */
const NEAR_CHARS = 25;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** The words of a sentence with where they stand. */
function wordsOf(text: string): Array<{ word: string; from: number; to: number }> {
  return [...text.matchAll(WORD)].map((match) => {
    // A sentence's end mark is no part of a name (`…to Sprout.ai.` keeps `Sprout.ai`).
    const word = match[0].replace(/[.’']+$/, '');
    return { word, from: match.index, to: match.index + word.length };
  });
}

const keyOf = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');

/** Whether a word is of the calendar, or joined to one (`Mid-January`). */
const onCalendar = (word: string) =>
  keyOf(word)
    .split('-')
    .some((part) => CALENDAR.has(part));

/** The capitalised runs of a sentence that may be names, with what their place says of them. */
function occurrencesIn(text: string, side: Segment['side'], excluded: ReadonlySet<string>): Occurrence[] {
  const words = wordsOf(text);
  const found: Occurrence[] = [];
  const asAlternative = ALTERNATIVE_CONTEXT.test(text);
  const inContext = asAlternative || CURRENT_CONTEXT.test(text);
  for (let index = 0; index < words.length; index++) {
    if (!NAME_WORD.test(words[index]!.word)) continue;
    let end = index;
    // A multi-word name: `Housecall Pro`, `Follow Up Boss`, `Raiser's Edge NXT` (at most four words).
    while (end + 1 < words.length && end - index < 3 && NAME_WORD.test(words[end + 1]!.word) && words[end + 1]!.from - words[end]!.to === 1)
      end++;
    const run = words.slice(index, end + 1);
    index = end;
    if (run.some((entry) => onCalendar(entry.word))) continue;
    // Words of the run that are no name on their own are dropped from its ends (`And`, `The`, `I`, `Our`).
    const first = run.findIndex((entry) => usable(keyOf(entry.word), excluded));
    if (first < 0) continue;
    const last = run.length - 1 - [...run].reverse().findIndex((entry) => usable(keyOf(entry.word), excluded));
    const name = run.slice(first, last + 1);
    const key = name.map((entry) => keyOf(entry.word)).join(' ');
    if (excluded.has(key)) continue;
    const from = name[0]!.from;
    const to = name.at(-1)!.to;
    const shaped = name.some((entry) => SHAPED_NAME.test(entry.word));
    found.push({
      key,
      initial: from === words[0]!.from,
      shaped,
      side,
      // A name shaped as a product's (`LibCal`, `TraceGains`) is no person nor place for what
      // follows or precedes it: a product says things (`LibCal says another thing`) and one comes
      // off it or is in it as well.
      personLike:
        FIRST_NAMES.has(key.split(' ')[0]!) ||
        PERSON_BEFORE.test(text.slice(Math.max(0, from - 40), from)) ||
        (!shaped &&
          (PERSON_AFTER.test(text.slice(to, to + 30)) ||
            PLACE_BEFORE.test(text.slice(Math.max(0, from - 12), from)) ||
            PLACE_AFTER.test(text.slice(to, to + 20)))) ||
        (A_THING_BEFORE.test(text.slice(Math.max(0, from - 4), from)) && !VENDOR_THING_AFTER.test(text.slice(to, to + 20))),
      subject: VENDOR_VERB.test(text.slice(to, to + 12)),
      acronym: name.every((entry) => !/\p{Ll}/u.test(entry.word)),
      nearAlternative: ALTERNATIVE_CONTEXT.test(text.slice(Math.max(0, from - NEAR_CHARS), to + NEAR_CHARS)),
      inContext,
      asAlternative,
    });
  }
  return found;
}

function usable(key: string, excluded: ReadonlySet<string>): boolean {
  return (
    !NEVER_NAMES.has(key) &&
    !COMMON_ABBREVIATIONS.has(key) &&
    !STOP_WORDS.has(key) &&
    !SENTENCE_OPENERS.has(key) &&
    !excluded.has(key) &&
    // A number is no name, nor a number's unit (`2pm`, `3rd`); digits then a word are (`7shifts`).
    !/^\p{N}(?!\p{N}*\p{Ll}{3,})/u.test(key) &&
    !/'(?:ll|re|ve|d|m|t)$/.test(key) &&
    !key.split('-').every((part) => NUMBER_WORDS.has(part))
  );
}

/**
 * Words that name the call's own people and companies: participants' first and last names and
 * the words of their email addresses (`jess.okafor@loopdesk.example` gives jess, okafor, loopdesk).
 */
function participantWords(segments: readonly Segment[]): Set<string> {
  const words = new Set<string>();
  for (const segment of segments) {
    for (const part of segment.speaker?.split(/[\s.,'’-]+/) ?? []) if (part.length > 1) words.add(part.toLowerCase());
    const [local, domain] = (segment.email ?? '').toLowerCase().split('@');
    for (const part of local?.split(/[._+-]+/) ?? []) if (part.length > 1) words.add(part);
    const company = domain?.split('.')[0];
    if (company && company.length > 2) words.add(company);
  }
  return words;
}

/** Whether a name is one of the call's companies: its words, joined, spell an email domain's company (`Velvet Fern`, velvetfern). */
function isOwnCompany(key: string, own: ReadonlySet<string>): boolean {
  const joined = key.replace(/[^\p{L}\p{N}]/gu, '');
  if (own.has(joined)) return true;
  // A company's name is often the start of its domain (`Northwind` at northwindlogistics.example).
  if (joined.length >= 4 && [...own].some((word) => word.length > joined.length && word.startsWith(joined))) return true;
  return key.split(' ').some((word) => own.has(word));
}

/** The products and vendors a call names (see the file's comment). Linear in the call's length. */
export function productNamesOf(segments: readonly Segment[], sentences: readonly Sentence[]): ProductNames {
  const own = participantWords(segments);
  const lowerCase = new Set<string>();
  const inside = new Set<string>();
  const occurrences = sentences.flatMap((sentence) => {
    for (const { word } of wordsOf(sentence.text)) if (/^\p{Ll}+$/u.test(word)) lowerCase.add(keyOf(word));
    const found = occurrencesIn(sentence.text, segments[sentence.segment]?.side ?? 'unknown', own).filter(
      (occurrence) => !isOwnCompany(occurrence.key, own),
    );
    for (const occurrence of found) if (!occurrence.initial) inside.add(occurrence.key);
    return found;
  });
  const stats = new Map<
    string,
    {
      count: number;
      context: boolean;
      weighed: boolean;
      person: number;
      acronym: boolean;
      firstSide: Segment['side'];
      seller: number;
      buyer: number;
    }
  >();
  for (const occurrence of occurrences) {
    const { key, side } = occurrence;
    // Capitalised maybe only because it opens the sentence: a name by its shape, when the call
    // capitalises it inside a sentence too, or when a vendor's verb follows it (`Vantorix came…`);
    // never a word the call also writes in lower case.
    if (
      occurrence.initial &&
      !occurrence.shaped &&
      !inside.has(key) &&
      (!occurrence.subject || lowerCase.has(key) || /(?:ly|ing|ed)$/.test(key))
    )
      continue;
    const entry = stats.get(key) ?? {
      count: 0,
      context: false,
      weighed: false,
      person: 0,
      acronym: false,
      firstSide: side,
      seller: 0,
      buyer: 0,
    };
    entry.count++;
    entry.context ||=
      (occurrence.acronym ? occurrence.nearAlternative : occurrence.inContext || occurrence.subject) && !occurrence.personLike;
    entry.weighed ||= occurrence.asAlternative && !occurrence.personLike;
    if (occurrence.personLike) entry.person++;
    if (occurrence.acronym) entry.acronym = true;
    if (side === 'internal') entry.seller++;
    else entry.buyer++;
    stats.set(key, entry);
  }
  const names = new Set<string>();
  for (const [key, entry] of stats) {
    // A name the seller brings first and says most is the seller's own product (or a customer they tell of).
    if (entry.firstSide === 'internal' && entry.seller > 2 * entry.buyer) continue;
    if (entry.person * 2 >= entry.count) continue;
    if (entry.context || (entry.count >= REPEATED && !entry.acronym)) names.add(key);
  }
  return { names, weighed: new Set([...names].filter((key) => stats.get(key)!.weighed)) };
}

/**
 * The capitalised runs of a text that may name one of the call's products: not one the text
 * itself says is a person or a place (`Lincoln Elementary`, `calls me Bea`), though the same
 * word names a product elsewhere in the call.
 */
function namings(text: string): Occurrence[] {
  return occurrencesIn(text, 'unknown', new Set()).filter((occurrence) => !occurrence.personLike);
}

/** The first of the call's products a text names, by its key; undefined when it names none. */
export function productNamedIn(text: string, products: ProductNames): string | undefined {
  if (products.names.size === 0) return undefined;
  for (const occurrence of namings(text)) {
    const key = [occurrence.key, ...occurrence.key.split(' ')].find((candidate) => products.names.has(candidate));
    if (key) return key;
  }
  return undefined;
}

/** What a sentence says of the call's products: whether it names one, and in a vendor's context. */
export function mentionOf(text: string, products: ProductNames): ProductMention {
  if (products.names.size === 0) return NONE;
  const keys = namings(text).flatMap((occurrence) => [occurrence.key, ...occurrence.key.split(' ')]);
  const named = keys.filter((key) => products.names.has(key));
  if (named.length === 0) return NONE;
  return {
    named: true,
    weighedInCall: named.some((key) => products.weighed.has(key)),
    asAlternative: ALTERNATIVE_CONTEXT.test(text),
    asCurrent: CURRENT_CONTEXT.test(text),
    asIncumbent: INCUMBENT_CONTEXT.test(text),
    asIntegration: INTEGRATION_CONTEXT.test(text),
  };
}
