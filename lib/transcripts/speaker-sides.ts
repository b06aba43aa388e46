import type { Segment, Side } from './text/segment';

/** A speaker's side as a segment object's `speaker.type` can state it. */
export type StatedSide = 'internal' | 'external';

/** A segment before its side is known: what the transcript said about its speaker (`type` as given). */
export type DraftSegment = Omit<Segment, 'side'> & { type?: string };

/** What one speaker turned out to be, for all its segments. */
interface SpeakerFacts {
  name: string;
  type?: StatedSide;
  email?: string;
}

/**
 * The side a `speaker.type` states: `internal` or `external`, case and surrounding spaces aside.
 * Undefined for any other value: spec 2.5 lists those two as the values seen, so another one
 * (`host`, `customer`) is accepted, but says nothing this service can tell a side from.
 */
export function sideOfSpeakerType(type: string): StatedSide | undefined {
  const folded = type.trim().toLowerCase();
  return folded === 'internal' || folded === 'external' ? folded : undefined;
}

/**
 * Sides (and emails) of the drafts' speakers, decided once per speaker so that all its segments
 * agree. A speaker is known by its name, case and spacing aside; its segments all carry the
 * spelling it first had.
 *
 * - A `type` on any of its segment objects wins (the first one that states a side: see
 *   `sideOfSpeakerType`; any other value is as if none was given).
 * - Otherwise its email decides: the first one given, its name when the name is an address, or
 *   the one participant its name matches (see `matchParticipant`; participants given to another
 *   speaker as its email are left out). An email in the workspace's domains (or a subdomain of
 *   one) is internal, any other external; a workspace without domains tells nothing.
 * - Without any of these, and for segments without a speaker, the side is `unknown`.
 */
export function assignSides(
  drafts: readonly DraftSegment[],
  participants: readonly string[],
  workspaceDomains: readonly string[],
): Segment[] {
  const speakers = new Map<string, SpeakerFacts>();
  for (const draft of drafts) {
    if (draft.speaker === undefined) continue;
    const key = speakerKey(draft.speaker);
    const facts = speakers.get(key) ?? { name: draft.speaker };
    if (draft.type !== undefined) facts.type ??= sideOfSpeakerType(draft.type);
    facts.email ??= draft.email?.toLowerCase();
    speakers.set(key, facts);
  }
  const given = new Set([...speakers.values()].flatMap((facts) => (facts.email === undefined ? [] : [facts.email])));
  const unclaimed = participants.map((email) => email.toLowerCase()).filter((email) => !given.has(email));
  const decided = new Map<string, { name: string; side: Side; email?: string }>();
  for (const [key, facts] of speakers) {
    const email = facts.email ?? (isEmail(facts.name) ? facts.name.toLowerCase() : matchParticipant(facts.name, unclaimed));
    const side = facts.type ?? (email === undefined ? 'unknown' : sideOfEmail(email, workspaceDomains));
    decided.set(key, { name: facts.name, side, ...(email === undefined ? {} : { email }) });
  }
  return drafts.map((draft) => {
    const { speaker: _speaker, email: _email, type: _type, ...rest } = draft;
    const speaker = draft.speaker === undefined ? undefined : decided.get(speakerKey(draft.speaker));
    if (!speaker) return { side: 'unknown', ...rest };
    return { speaker: speaker.name, ...(speaker.email === undefined ? {} : { email: speaker.email }), side: speaker.side, ...rest };
  });
}

function speakerKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** Domains lower-cased, without a leading `@` or `.`, blanks dropped. */
function normaliseDomains(domains: readonly string[]): string[] {
  return domains
    .map((domain) =>
      domain
        .trim()
        .toLowerCase()
        .replace(/^[@.]+/, ''),
    )
    .filter((domain) => domain !== '');
}

/**
 * `internal` when the email's domain is one of the workspace's domains or a subdomain of one
 * (`eu.acme.com` for `acme.com`), `external` when it is not, `unknown` when the workspace has no
 * domains.
 */
export function sideOfEmail(email: string, workspaceDomains: readonly string[]): Side {
  const domains = normaliseDomains(workspaceDomains);
  if (domains.length === 0) return 'unknown';
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((own) => domain === own || domain.endsWith(`.${own}`)) ? 'internal' : 'external';
}

/** Lower-case letters and digits of a text, accents dropped: `José-Luis` → `joseluis`. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a name, folded: `José-Luis Álvarez` → `jose`, `luis`, `alvarez`. */
function nameWords(name: string): string[] {
  return fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Local parts (separators `.`, `_`, `-` dropped) that a name's owner could have: for Jane Doe
 * `janedoe`, `jane`, `jdoe`, `doejane`, `janed`, `doe` (so jane.doe@, j.doe@, doe.jane@, …).
 */
function localPartsOf(words: readonly string[]): Set<string> {
  const first = words[0];
  const last = words.at(-1);
  if (first === undefined || last === undefined) return new Set();
  if (words.length === 1) return new Set([first]);
  return new Set([
    words.join(''),
    `${first}${last}`,
    first,
    `${first.charAt(0)}${last}`,
    `${last}${first}`,
    `${first}${last.charAt(0)}`,
    last,
  ]);
}

/**
 * Whether a local part is a short form of the first name and the last name: Adebayo Okonkwo as
 * ade.okonkwo@, Christopher Lee as chris.lee@. At least three letters of the first name, so that
 * an initial or two (`jd@`) stay too vague to match.
 */
function isShortFirstName(local: string, words: readonly string[]): boolean {
  const first = words[0];
  const last = words.at(-1);
  if (first === undefined || last === undefined || words.length === 1 || !local.endsWith(last)) return false;
  const short = local.slice(0, local.length - last.length);
  return short.length >= 3 && first.startsWith(short);
}

/**
 * The one participant whose address a speaker's name matches (`Jane Doe`: jane.doe@, janedoe@,
 * jane@, jdoe@, j.doe@, doe.jane@, doe@, …; `Adebayo Okonkwo`: ade.okonkwo@; any domain);
 * `undefined` when none or several match.
 */
export function matchParticipant(name: string, participants: readonly string[]): string | undefined {
  const words = nameWords(name);
  const localParts = localPartsOf(words);
  if (localParts.size === 0) return undefined;
  let match: string | undefined;
  for (const participant of participants) {
    const at = participant.lastIndexOf('@');
    if (at <= 0) continue;
    const local = fold(participant.slice(0, at).replace(/\+.*$/, '')).replace(/[._-]/g, '');
    if (!(localParts.has(local) || isShortFirstName(local, words)) || participant.toLowerCase() === match) continue;
    if (match !== undefined) return undefined;
    match = participant.toLowerCase();
  }
  return match;
}
