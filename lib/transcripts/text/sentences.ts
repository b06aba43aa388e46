import type { Segment } from './segment';

/** One sentence of a segment: `text` is `segment.text.slice(from, to)`, trimmed. */
export interface Sentence {
  /** Index of its segment in the list split. */
  segment: number;
  from: number;
  to: number;
  text: string;
  /** Ends with a question mark (`?`, `?!`, `?"`). */
  question: boolean;
  /** Seconds from the start of the call: its first word's when the segment has words, else the segment's start. */
  start?: number;
}

/** A sentence without an end mark is cut after this many words, so unpunctuated speech still comes in pieces. */
export const MAX_SENTENCE_WORDS = 80;

const TERMINATORS = new Set(['.', '?', '!', '…']);
/** What may follow a sentence's end mark before the space: closing quotes and brackets. */
const CLOSERS = new Set(['"', "'", '”', '’', '»', ')', ']']);
/** Words whose dot is not an end: titles. Single letters (`J.`, `e.g.`) are caught by their length. */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'approx']);

function isSpace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\u00a0';
}

/** Whether the dot at `dot` ends an abbreviation: a title, or a single letter (an initial, `e.g.`). */
function endsAbbreviation(text: string, dot: number): boolean {
  let from = dot;
  while (from > 0 && dot - from < 6 && /\p{L}/u.test(text.charAt(from - 1))) from--;
  const word = text.slice(from, dot);
  if (word.length === 0 || (from > 0 && /[\p{L}\p{N}]/u.test(text.charAt(from - 1)))) return false;
  return word.length === 1 || ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * The sentences of all segments, in order. A sentence ends at `.`, `?`, `!` or `…` (a run of
 * them, and closing quotes or brackets) followed by a space or the end of the segment; a dot (or
 * an ellipsis) is no end when the next word starts in lower case, nor a dot after a title or an
 * initial. A run of more than `MAX_SENTENCE_WORDS` words without an end is cut into pieces of
 * that many. One pass over each text (and its words, for the start times): linear in the call's
 * length.
 */
export function splitSentences(segments: readonly Segment[]): Sentence[] {
  const sentences: Sentence[] = [];
  segments.forEach((segment, index) => splitSegment(segment, index, sentences));
  return sentences;
}

function splitSegment(segment: Segment, index: number, out: Sentence[]): void {
  const { text } = segment;
  const clock = startClock(segment);
  let from = -1;
  let words = 0;
  let lastWordEnd = -1;
  const emit = (to: number, question: boolean) => {
    const start = clock(from);
    // A run of marks alone (`...`) is no sentence.
    if (/[\p{L}\p{N}]/u.test(text.slice(from, to)))
      out.push({ segment: index, from, to, text: text.slice(from, to), question, ...(start === undefined ? {} : { start }) });
    from = -1;
    words = 0;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text.charAt(at);
    if (isSpace(char)) continue;
    if (at === 0 || isSpace(text.charAt(at - 1))) {
      if (words === MAX_SENTENCE_WORDS) emit(lastWordEnd, false);
      if (from < 0) from = at;
      words++;
    }
    if (!TERMINATORS.has(char)) {
      lastWordEnd = at + 1;
      continue;
    }
    const mark = at;
    let end = at + 1;
    let question = char === '?';
    while (end < text.length && (TERMINATORS.has(text.charAt(end)) || CLOSERS.has(text.charAt(end)))) {
      if (text.charAt(end) === '?') question = true;
      end++;
    }
    lastWordEnd = end;
    at = end - 1;
    if (end < text.length && !isSpace(text.charAt(end))) continue;
    const dotsOnly = !question && !text.slice(mark, end).includes('!');
    if (dotsOnly && ((end === mark + 1 && char === '.' && endsAbbreviation(text, mark)) || nextWordIsLowerCase(text, end))) continue;
    emit(end, question);
  }
  if (from >= 0) emit(lastWordEnd, false);
}

/** Whether the first word after `from` starts with a lower-case letter. Looks at most a few spaces ahead. */
function nextWordIsLowerCase(text: string, from: number): boolean {
  let at = from;
  while (at < text.length && at - from < 8 && isSpace(text.charAt(at))) at++;
  const char = text.charAt(at);
  return char !== '' && char !== char.toUpperCase() && char === char.toLowerCase();
}

/**
 * A function from a character offset to the start of the word holding it, for offsets asked in
 * increasing order (one walk over the words); the segment's start without words.
 */
function startClock(segment: Segment): (offset: number) => number | undefined {
  const { words } = segment;
  if (!words || words.length === 0) return () => segment.start;
  let word = 0;
  let wordEnd = words[0]?.text.length ?? 0;
  return (offset) => {
    while (offset >= wordEnd && word < words.length - 1) {
      word++;
      wordEnd += words[word]?.text.length ?? 0;
    }
    return words[word]?.start;
  };
}
