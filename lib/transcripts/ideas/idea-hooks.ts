import type { IdeaKind } from '../model/analysis';
import { NAMED_TOOL } from './idea-patterns';
import type { Side } from '../text/segment';
import { STOP_WORDS } from './stop-words';
import { shortenQuote } from './verbatim-quote';

/** The quote in a hook is cut to this many characters, so the hook stays well within 300. */
const HOOK_QUOTE_CHARS = 140;
/** A post's topic names at most this many words of its quote. */
const TOPIC_WORDS = 3;

/**
 * What follows the quote in a hook, by kind and by who said it. Each says only what the call
 * shows: who said it (as far as the side tells) and that it was said on a call.
 */
const HOOK_ENDINGS: Record<IdeaKind, Record<Side, string>> = {
  customer_question: {
    external: 'a buyer asked us this on a call. Here is our answer.',
    unknown: 'this question came up on a sales call. Here is our answer.',
    internal: 'a question that came up on a sales call. Here is our answer.',
  },
  objection: {
    external: 'a buyer told us this on a call. Here is how we think about it.',
    unknown: 'we heard this on a sales call. Here is how we think about it.',
    internal: 'an objection that came up on a sales call. Here is how we think about it.',
  },
  pain_point: {
    external: 'a buyer told us this on a call. If it sounds familiar, read on.',
    unknown: 'heard on a sales call. If it sounds familiar, read on.',
    internal: 'a problem that came up on a sales call. If it sounds familiar, read on.',
  },
  story_or_quote: {
    external: 'a buyer shared this on a call.',
    unknown: 'from a recent sales call.',
    internal: 'a story we told on a recent call.',
  },
  insight: {
    external: "a buyer's take, from a recent call.",
    unknown: 'a lesson from a recent sales call.',
    internal: 'a lesson we shared on a sales call.',
  },
};

/** What the post would argue, about a topic named from the quote. */
const ANGLES: Record<IdeaKind, (topic: string) => string> = {
  customer_question: (topic) => `Answer the question buyers ask about ${topic} plainly and in their own words, before they have to ask it.`,
  objection: (topic) => `Take the objection about ${topic} head on: why buyers raise it and what would actually resolve it.`,
  pain_point: (topic) => `Show the week-after-week cost of ${topic}, the way buyers describe it, and what changes once it is fixed.`,
  story_or_quote: (topic) => `Tell the story behind ${topic}: the situation, what was done and the result, as it was told on the call.`,
  insight: (topic) => `Turn the point about ${topic} into a lesson for teams in the same situation.`,
};

/** Words too vague to name a topic, beyond the stop words; common verbs among them, since a topic is a thing. */
const VAGUE = new Set(
  `able absolutely already ask asked back basically best better big bit call came come comes cut currently day days definitely
  does end every exactly example fall falls feel felt find first follow follows found get gets give goes great happen happened
  happens honestly instance integrate keep kept last literally little look looking looks lose loses make makes many mean means
  need needs next obviously old part pay pays people point put question questions said say says seem seems sign someone sound
  sounds start started still stuff take takes talk talking tell thing time today told tomorrow track tracks try trying use used
  uses using want wants week work working works year years real monday tuesday wednesday thursday friday saturday sunday january
  february march april june july august september october november december`.split(/\s+/),
);

/** Words after which a noun comes: a topic word there is likely a thing. */
const BEFORE_NOUNS = new Set(
  `a an any each every few fewer for from in into less more most my no of on our per some that the their these this those with
  without your`.split(/\s+/),
);

/** Weight of a name (tool, acronym, capitalised word) among a topic's words: above any other word's. */
const NAME_WEIGHT = 10;

/** Endings of nouns (`integration`, `management`, `visibility`, `compliance`). */
const NOUN_ENDING = /(?:tion|sion|ment|ness|ity|ship|ance|ence|ism|ure|ogy)s?$/;

/** A first line for a post: the quote (shortened), then who said it on a call. */
export function writeHook(kind: IdeaKind, quote: string, side: Side): string {
  return `"${shortenQuote(quote, HOOK_QUOTE_CHARS)}" — ${HOOK_ENDINGS[kind][side]}`;
}

/** One sentence on what the post would argue, naming the quote's topic. */
export function writeAngle(kind: IdeaKind, quote: string): string {
  return ANGLES[kind](topicOf(quote));
}

/**
 * The salient words of a quote, as a phrase (`reps, spreadsheets and Salesforce`), at most three
 * in the quote's order: names first (tools, acronyms, capitalised words past the first), then
 * words that look like things (after an article or a preposition, with a noun's ending, plural),
 * then any other word of four letters or more; stop words and vague words never. `this` when
 * none is left.
 */
export function topicOf(quote: string): string {
  const candidates: Array<{ word: string; position: number; weight: number; end: number }> = [];
  const seen = new Set<string>();
  let previous = '';
  let position = 0;
  for (const match of quote.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu)) {
    const word = match[0].replace(/['’-]+$/, '');
    const lower = word.toLowerCase().replace(/’/g, "'");
    const after = previous;
    const last = candidates.at(-1);
    previous = lower;
    const first = position++ === 0;
    const acronym = word.length >= 2 && word === word.toUpperCase() && /\p{Lu}/u.test(word);
    const named = acronym || NAMED_TOOL.test(word) || (!first && /^\p{Lu}/u.test(word) && word.length > 1);
    // A name goes on through capitalised words and numbers: `SOC 2 Type II`, `Sales Navigator`.
    if (last && last.weight === NAME_WEIGHT && last.end + 1 === match.index && (named || /^\p{N}+$/u.test(word)) && !VAGUE.has(lower)) {
      last.word = `${last.word} ${word}`;
      last.end = match.index + word.length;
      continue;
    }
    if (/^\p{N}/u.test(word) || (!first && seen.has(lower))) continue;
    const singular = lower.endsWith('s') ? lower.slice(0, -1) : lower;
    if ([lower, singular].some((form) => STOP_WORDS.has(form) || VAGUE.has(form))) continue;
    if (!named && word.length < 4) continue;
    seen.add(lower);
    const plural = /[^su]s$/.test(lower);
    const weight = named ? NAME_WEIGHT : (BEFORE_NOUNS.has(after) ? 2 : 0) + (NOUN_ENDING.test(lower) ? 2 : 0) + (plural ? 1 : 0);
    candidates.push({ word: named ? word : lower, position, weight, end: match.index + word.length });
  }
  const chosen = [...candidates]
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .slice(0, TOPIC_WORDS)
    .filter((candidate, index) => index === 0 || candidate.weight > 0)
    .sort((a, b) => a.position - b.position)
    .map((candidate) => candidate.word);
  if (chosen.length <= 1) return chosen[0] ?? 'this';
  return `${chosen.slice(0, -1).join(', ')} and ${chosen.at(-1) as string}`;
}
