import type { MaskedTerm } from '../model/analysis';
import { STOP_WORDS } from '../ideas/stop-words';
import { isNeverAName, type CallIdentities } from './call-identities';

/** What stands in place of each kind of masked words. */
export const MASKS: Record<MaskedTerm['kind'], string> = {
  name: '[name]',
  company: '[company]',
  email: '[email]',
  website: '[website]',
};

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
/** `globex.com`, `www.globex.co.uk/pricing`, `Sprout.ai`: a word, a dot and a known ending, or a link. */
const WEBSITE = /\b(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+(?:com|org|net|io|ai|co|app|dev|uk|de|fr|eu|us|ca|au|example)\b(?:\/[^\s"”)]*)?/giu;
const WORD = /\p{L}[\p{L}\p{N}'’-]*/gu;
/** A word with a capital after its first letter (`LabSpire`, `FrostLink`): a product's or a company's name. */
const INNER_CAPITAL = /^\p{L}+\p{Ll}\p{Lu}/u;

/**
 * What, after a capitalised word at a sentence's start, says it is someone's or something's name:
 * where they work (`at`/`from` a capitalised name) or a verb a person or a vendor is the subject of.
 */
export const NAMED_BY_WHAT_FOLLOWS =
  /^(?: (?:at|from) \p{Lu}| (?:said|says|told|tells|asked|built|came|quoted|offered|showed|pitched|charges)\b)/u;
/** Sentence openers those verbs also follow (`Nobody came`, `Everyone said`): never names. */
const NOT_A_SUBJECT = new Set([
  'nobody',
  'everyone',
  'everybody',
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'people',
  'one',
  'each',
  'none',
  'which',
  'who',
  'what',
  'that',
  'this',
  'it',
  'they',
  'he',
  'she',
  'we',
  'you',
  'i',
  'and',
  'but',
  'so',
  'then',
  'nothing',
]);

/** A text with the call's identities masked, and what was masked (each term once, in order of appearance). */
export interface MaskedText {
  text: string;
  masked: MaskedTerm[];
}

/**
 * Masks what a public post must not say of a call: emails, websites (the call's domains and any
 * other), the call's people and companies, and other names (a word the call writes capitalised
 * and never in lower case, or one capitalised inside this text's sentence, or spelt `LabSpire`).
 * A capitalised word at a sentence's start is masked only when the call shows it is a name.
 * Whole-word matches only, so `Jo` in `Jones` or `acme` in `acmetrics` stays.
 */
export function maskIdentities(text: string, identities: CallIdentities): MaskedText {
  const masked: MaskedTerm[] = [];
  const note = (kind: MaskedTerm['kind'], words: string) => {
    if (!masked.some((term) => term.kind === kind && term.text === words)) masked.push({ kind, text: words, as: MASKS[kind] });
    return MASKS[kind];
  };
  let out = text.replace(EMAIL, (email) => note('email', email));
  out = out.replace(WEBSITE, (site) =>
    note(identities.domains.some((domain) => site.toLowerCase().includes(domain)) ? 'company' : 'website', site),
  );
  out = out.replace(WORD, (raw, offset: number, whole: string) => {
    const possessive = /['’]s$/.exec(raw);
    const word = possessive ? raw.slice(0, -2) : raw;
    const folded = word.toLowerCase();
    const kept = (mask: string) => `${mask}${possessive ? possessive[0] : ''}`;
    if (word === folded || isNeverAName(word)) {
      // A company's name is masked in lower case too (`we moved off globex`); a person's is not (`mark`, `will`).
      return identities.companies.has(folded) && folded.length >= 4 ? kept(note('company', word)) : raw;
    }
    if (identities.companies.has(folded)) return kept(note('company', word));
    if (identities.people.has(folded)) return kept(note('name', word));
    if (identities.otherNames.has(folded) || INNER_CAPITAL.test(word)) return kept(note('name', word));
    const sentenceStart = /(?:^|[.!?…]["'”’)]?\s+|["“(]\s*)$/.test(whole.slice(Math.max(0, offset - 4), offset));
    if (!sentenceStart && word.length >= 2) return kept(note('name', word));
    // At a sentence's start only what follows tells a name: `Derek at Globex`, `Vantorix came`.
    if (
      !NOT_A_SUBJECT.has(folded) &&
      !STOP_WORDS.has(folded) &&
      NAMED_BY_WHAT_FOLLOWS.test(whole.slice(offset + raw.length, offset + raw.length + 12))
    )
      return kept(note('name', word));
    return raw;
  });
  // Two names in a row (`Derek Smith`) read as one.
  out = out.replace(/\[name\](?:\s+\[name\])+/g, MASKS.name).replace(/\[company\](?:\s+\[company\])+/g, MASKS.company);
  return { text: out, masked };
}
