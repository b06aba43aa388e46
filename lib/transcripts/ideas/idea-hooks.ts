import type { IdeaKind } from '../model/analysis';
import type { Side } from '../text/segment';
import { STOP_WORDS } from './stop-words';
import { shortenQuote } from './verbatim-quote';

/** The quote in a hook is cut to this many characters, so the hook stays well within 300. */
const HOOK_QUOTE_CHARS = 140;
/** The words an angle quotes are cut to about this many characters, at a clause or a word. */
const ANGLE_QUOTE_CHARS = 110;
/** A clause break this far into the words at least is a good place to cut them. */
const MIN_CLAUSE_CHARS = 35;

/**
 * What follows the quote in a hook, by kind and by who said it. Each says only what the call
 * shows: who said it (as far as the side tells) and that it was said on a call. Kinds that only
 * the customer's words can make (`idea-sides.ts`) never meet an internal speaker; their internal
 * ending is there for completeness.
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
  competitor: {
    external: 'a buyer weighed this against us on a call. Here is how to compare honestly.',
    unknown: 'an alternative that came up on a sales call. Here is how to compare honestly.',
    internal: 'an alternative that came up on a sales call. Here is how to compare honestly.',
  },
  next_step: {
    external: 'how a buyer closed a call with us. Clear next steps move deals.',
    unknown: 'how a sales call ended. Clear next steps move deals.',
    internal: 'how we closed a sales call. Clear next steps move deals.',
  },
  story_or_quote: {
    external: 'a buyer shared this on a call.',
    unknown: 'from a recent sales call.',
    internal: 'from a recent sales call.',
  },
  insight: {
    external: "a buyer's take, from a recent call.",
    unknown: 'a lesson from a recent sales call.',
    internal: 'a lesson we shared on a sales call.',
  },
};

/**
 * What the post would do, as one sentence built around the words of the call (`words`, a clause
 * of the quote). Each opens with the verb that says what to write.
 */
const ANGLES: Record<IdeaKind, (words: string) => string> = {
  customer_question: (words) =>
    `Answer the question "${words}" plainly, the way you would on the call, before the next buyer has to ask it.`,
  objection: (words) => `Meet the objection "${words}" head on: say why buyers raise it and what would settle it.`,
  pain_point: (words) => `Open with the buyer's own words, "${words}", then show what that costs a team and what changes once it is fixed.`,
  competitor: (words) => `Compare the options fairly, starting from what the buyer said: "${words}". Say where each one fits.`,
  next_step: (words) => `Show what a next step that moves a deal looks like, as this call ended: "${words}".`,
  story_or_quote: (words) => `Retell what the buyer told us, "${words}", and draw out what other teams can learn from it.`,
  insight: (words) => `Build a post on the lesson "${words}", with one example from the field that shows it.`,
};

/** A first line for a post: the quote (shortened), then who said it on a call. */
export function writeHook(kind: IdeaKind, quote: string, side: Side): string {
  return `"${shortenQuote(quote, HOOK_QUOTE_CHARS)}" — ${HOOK_ENDINGS[kind][side]}`;
}

/** One sentence on what the post would do, quoting the heart of the quote. */
export function writeAngle(kind: IdeaKind, quote: string): string {
  return ANGLES[kind](angleWords(quote));
}

/**
 * The words of a quote an angle quotes: its first sentence when that is enough of it, else up to
 * the last clause break (comma, semicolon, dash) or word that fits `ANGLE_QUOTE_CHARS`, with `…`
 * when cut. A cut never leaves a dangling stop word (`…and the`). Double quotes inside become
 * single ones, and the final full stop goes, so the words sit inside the angle's quotes.
 */
export function angleWords(quote: string): string {
  const text = quote.replace(/\s+/g, ' ').trim().replace(/["“”]/g, "'");
  const sentenceEnd = /[.!?…](?=\s|$)/.exec(text.slice(MIN_CLAUSE_CHARS));
  const firstSentence = sentenceEnd ? text.slice(0, MIN_CLAUSE_CHARS + sentenceEnd.index + 1) : text;
  if (firstSentence.length <= ANGLE_QUOTE_CHARS) return firstSentence.replace(/\.$/, '');
  const head = firstSentence.slice(0, ANGLE_QUOTE_CHARS);
  const clause = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(' – '), head.lastIndexOf(' — '));
  const cut = clause >= MIN_CLAUSE_CHARS ? head.slice(0, clause) : head.slice(0, Math.max(head.lastIndexOf(' '), 1));
  const words = cut.split(' ');
  while (words.length > 3 && STOP_WORDS.has((words.at(-1) as string).toLowerCase().replace(/[^a-z']/g, ''))) words.pop();
  return `${words.join(' ').replace(/[,;:–—-]+$/, '')}…`;
}
