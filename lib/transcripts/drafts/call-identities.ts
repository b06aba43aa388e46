import type { Segment } from '../text/segment';

/**
 * Who and what a call names that a public post must not: its people (every word of their names
 * and of their emails' local parts), their emails, their domains and the companies those domains
 * stand for, and the other proper names the call uses (`otherNames`). Words are lower-cased.
 */
export interface CallIdentities {
  people: ReadonlySet<string>;
  emails: readonly string[];
  domains: readonly string[];
  companies: ReadonlySet<string>;
  otherNames: ReadonlySet<string>;
}

/** Shorter words of a name or an email (`jo`, `al`) are too often words of their own to mask. */
const MIN_NAME_CHARS = 3;
/** Labels of a domain that name no company (`mail.globex.co.uk`). */
const DOMAIN_NOISE = new Set(['www', 'mail', 'email', 'co', 'com', 'org', 'net', 'io', 'ai', 'example', 'app', 'corp', 'inc']);

const nameWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}'’]+/u)
    .map((word) => word.replace(/['’]s?$/, ''))
    .filter((word) => word.length >= MIN_NAME_CHARS);

/** Words of the call that are written capitalised inside a sentence and never in lower case: names. */
const WORD = /\p{L}[\p{L}\p{N}'’-]*/gu;
/** Capitalised words that are no one's name wherever they stand (`I`, `Monday`, `OK`). */
export const NOT_NAMES: ReadonlySet<string> = new Set(
  `i i'm i've i'll i'd ok okay monday tuesday wednesday thursday friday saturday sunday january february march april may
  june july august september october november december christmas easter english spanish french german american british
  european canadian`.split(/\s+/),
);

/**
 * A capitalised word that names no one: an acronym or its plural (`CRM`, `SDRs`, `W-2s`), or a
 * word whose capitals are a month's or a day's (`mid-December`, `Saturdays`, `English-speaking`).
 */
export function isNeverAName(word: string): boolean {
  if (/^[\p{Lu}\p{N}-]{2,}s?$/u.test(word)) return true;
  return word.split('-').every((part) => {
    const folded = part.toLowerCase();
    return part === folded || NOT_NAMES.has(folded) || (folded.endsWith('s') && NOT_NAMES.has(folded.slice(0, -1)));
  });
}

/**
 * The call's identities, from its participants' emails, the speakers' names and emails, the
 * workspace's own domains, and the call's words (a word capitalised inside a sentence and never
 * written in lower case is someone's or something's name).
 */
export function callIdentities(
  participants: readonly string[],
  segments: readonly Segment[],
  workspaceDomains: readonly string[],
): CallIdentities {
  const people = new Set<string>();
  const emails = new Set<string>();
  const domains = new Set<string>(workspaceDomains.map((domain) => domain.toLowerCase()));
  const addEmail = (email: string) => {
    const [local = '', domain = ''] = email.toLowerCase().split('@');
    emails.add(email.toLowerCase());
    for (const word of nameWords(local.replace(/[._+-]/g, ' '))) people.add(word);
    if (domain) domains.add(domain);
  };
  for (const participant of participants) if (participant.includes('@')) addEmail(participant);
  for (const segment of segments) {
    if (segment.email) addEmail(segment.email);
    if (segment.speaker) {
      if (segment.speaker.includes('@')) addEmail(segment.speaker);
      else for (const word of nameWords(segment.speaker)) people.add(word);
    }
  }
  const companies = new Set<string>();
  for (const domain of domains) {
    const labels = domain.split('.').filter((label) => !DOMAIN_NOISE.has(label) && label.length >= MIN_NAME_CHARS);
    const name = labels[0];
    if (!name) continue;
    companies.add(name.replace(/-/g, ''));
    companies.add(name.replace(/-/g, ' '));
    // `acme-sales`: `Acme` alone names it too; the other parts are often words of their own.
    const first = name.split('-')[0];
    if (first && first.length >= MIN_NAME_CHARS) companies.add(first);
  }
  return { people, emails: [...emails], domains: [...domains], companies, otherNames: namesOfCall(segments) };
}

/** Words written capitalised after a sentence's first word and never in lower case, anywhere in the call. */
function namesOfCall(segments: readonly Segment[]): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const segment of segments) {
    let sentenceStart = true;
    for (const match of segment.text.matchAll(WORD)) {
      const word = match[0].replace(/['’]s$/, '');
      const folded = word.toLowerCase();
      const before = segment.text.slice(Math.max(0, (match.index ?? 0) - 3), match.index ?? 0);
      if (/[.!?…]["'”’)]?\s*$/.test(before)) sentenceStart = true;
      if (word === folded) lower.add(folded);
      else if (!sentenceStart && word.length >= 2 && !isNeverAName(word)) capitalised.add(folded);
      sentenceStart = false;
    }
  }
  for (const word of lower) capitalised.delete(word);
  return capitalised;
}
