import type { Evidence } from '../model/analysis';
import type { Segment } from '../text/segment';
import { evidenceAt } from './evidence';
import { MAX_QUOTE_CHARS } from './verbatim-quote';

/**
 * Grounding of a quote an LLM says it copied from a call: where it occurs, and the evidence built
 * from our own data (the segment's exact text, speaker, side and time), so that nothing the model
 * writes is shown as the call's words unless the call said it.
 */

/** Shorter quotes match too easily to prove anything ("yes, of course"). */
export const MIN_QUOTE_WORDS = 3;

/** A quote found in the call: its evidence, and where it is (for merging ideas grounded at one place). */
export interface GroundedQuote {
  evidence: Evidence;
  /** Index of the segment in the array given. */
  segment: number;
  /** Character offsets of the quote in that segment's `text`, end exclusive. */
  from: number;
  to: number;
}

/** Finds quotes in one call; built once per call, it answers each quote without re-reading the call. */
export type QuoteGrounder = (quote: string) => GroundedQuote | undefined;

// Models straighten typographic quote marks and apostrophes; transcripts often have them. A final
// sigma lowercases by its context, which a quote cut mid-word does not share.
const foldedChars: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201F': '"',
  '\u03C2': '\u03C3',
};
const foldable = /[\u2018\u2019\u201B\u2032\u201C\u201D\u201F\u03C2]/gu;
const fold = (text: string) => text.toLowerCase().replace(foldable, (char) => foldedChars[char] ?? char);

/** JavaScript's `\s`, by code unit (none of them is a surrogate). */
function isSpaceCode(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

// Marks and ellipses a model wraps a quote in; not part of what was said.
const wrapping = /^[\s"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026]+|[\s"'\u2018\u2019\u201C\u201D\u00AB\u00BB\u2026]+$/gu;
const leadingEllipsis = /^\s*(?:\.{3}|\u2026)/u;
const trailingEllipsis = /(?:\.{3}|\u2026)\s*$/u;
const trailingPunctuation = /[.,;:!?]+$/u;

/** Lowercased, typographic marks folded, whitespace runs collapsed to one space, trimmed. */
const normaliseQuote = (text: string) => fold(text).split(/\s+/u).filter(Boolean).join(' ');

function stripWrapping(quote: string): string {
  let previous: string;
  let current = quote;
  // Repeated because marks and ellipses nest: `"...we lost it..."`.
  do {
    previous = current;
    current = current.replace(wrapping, '').replace(leadingEllipsis, '').replace(trailingEllipsis, '');
  } while (current !== previous);
  return current;
}

const countWords = (normalised: string) => normalised.split(' ').filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

/**
 * Builds a grounder over a call: the normalised text of every segment, concatenated once, with a
 * map from each of its characters back to the segment text. A quote is then one `indexOf`.
 */
export function createQuoteGrounder(segments: Segment[]): QuoteGrounder {
  const parts: string[] = [];
  // Per code unit of the search text: where its character starts in the segment's text.
  let origins = new Int32Array(1024);
  let length = 0;
  const pushOrigin = (origin: number) => {
    if (length === origins.length) {
      const grown = new Int32Array(origins.length * 2);
      grown.set(origins);
      origins = grown;
    }
    origins[length] = origin;
    length += 1;
  };
  const segmentStarts: number[] = [];

  segments.forEach((segment, index) => {
    if (index > 0) {
      // A newline never occurs in a normalised quote, so no match crosses segments.
      parts.push('\n');
      pushOrigin(-1);
    }
    segmentStarts.push(length);
    const text = segment.text;
    let folded = fold(text);
    // Almost always one unit folded for one unit of the text. Else (`İ` lowercases to two units)
    // the text is folded a character at a time, each unit pointing at the character it came from.
    let originOf: number[] | undefined;
    if (folded.length !== text.length) {
      const units: string[] = [];
      originOf = [];
      let at = 0;
      for (const char of text) {
        const unit = fold(char);
        units.push(unit);
        for (let k = 0; k < unit.length; k += 1) originOf.push(at);
        at += char.length;
      }
      folded = units.join('');
    }
    // Runs of non-space units are copied whole; a run of spaces between them becomes one space.
    let at = 0;
    let first = true;
    while (at < folded.length) {
      const spaces = at;
      while (at < folded.length && isSpaceCode(folded.charCodeAt(at))) at += 1;
      if (at === folded.length) break;
      if (at > spaces && !first) {
        parts.push(' ');
        pushOrigin(originOf ? originOf[spaces]! : spaces);
      }
      const run = at;
      while (at < folded.length && !isSpaceCode(folded.charCodeAt(at))) {
        pushOrigin(originOf ? originOf[at]! : at);
        at += 1;
      }
      parts.push(folded.slice(run, at));
      first = false;
    }
  });
  const search = parts.join('');

  const segmentAt = (position: number) => {
    let low = 0;
    let high = segmentStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segmentStarts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };

  const locate = (normalised: string): GroundedQuote | undefined => {
    if (!normalised) return undefined;
    const at = search.indexOf(normalised);
    if (at < 0) return undefined;
    const index = segmentAt(at);
    const segment = segments[index]!;
    const from = origins[at]!;
    // The quote ends on a character, never a space: past its last unit's character.
    const last = origins[at + normalised.length - 1]!;
    const to = last + ((segment.text.codePointAt(last) ?? 0) > 0xffff ? 2 : 1);
    if (to - from > MAX_QUOTE_CHARS) return undefined;
    return { evidence: evidenceAt(segment, from, to), segment: index, from, to };
  };

  return (quote) => {
    if (quote.length > MAX_QUOTE_CHARS * 2) return undefined;
    const normalised = normaliseQuote(stripWrapping(quote));
    if (normalised.length > MAX_QUOTE_CHARS || countWords(normalised) < MIN_QUOTE_WORDS) return undefined;
    // A model often adds or drops the final full stop; the words without it still prove the quote.
    return locate(normalised) ?? locate(normalised.replace(trailingPunctuation, '').trimEnd());
  };
}

/**
 * Where a quote occurs in a call, verbatim up to whitespace, case and typographic quote marks
 * (marks and ellipses around it ignored), as evidence taken from the call: the segment's own text,
 * speaker, side and time. Undefined when it is not in one segment, has fewer than 3 words or is
 * over 600 characters. For several quotes of one call, build `createQuoteGrounder` once.
 */
export function groundQuote(segments: Segment[], quote: string): Evidence | undefined {
  return createQuoteGrounder(segments)(quote)?.evidence;
}
