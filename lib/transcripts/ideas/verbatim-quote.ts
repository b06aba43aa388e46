/** Evidence quotes are at most this long (`evidenceSchema`). */
export const MAX_QUOTE_CHARS = 600;

/** Words that open a spoken sentence without adding to it: `So, um, yeah,`. */
const LEADING_FILLERS = /^(?:(?:um+|uh+|erm|er|yeah|yep|so|okay|ok|well|oh|right|alright|and|like|you know|i mean)\b[,.]?\s+)+/i;

/**
 * The part of `text.slice(from, to)` to quote, as offsets in `text` so the quote stays verbatim:
 * trimmed, without leading fillers (when at least four words remain) and, past `maxChars`, cut
 * at the last space that fits (or at `maxChars` within one very long word).
 */
export function quoteSpan(text: string, from: number, to: number, maxChars = MAX_QUOTE_CHARS): { from: number; to: number } {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  const filler = LEADING_FILLERS.exec(text.slice(start, Math.min(end, start + 200)));
  if (filler && text.slice(start + filler[0].length, Math.min(end, start + filler[0].length + 200)).split(/\s+/).length >= 4)
    start += filler[0].length;
  if (end - start > maxChars) {
    const space = text.lastIndexOf(' ', start + maxChars);
    end = space > start ? space : start + maxChars;
    while (end > start && /[\s,;:–—-]/.test(text.charAt(end - 1))) end--;
  }
  return { from: start, to: end };
}

/**
 * A quote cut to at most `maxChars` at a word boundary, with `…` when cut: for a post's first
 * line, where the whole quote need not fit.
 */
export function shortenQuote(quote: string, maxChars: number): string {
  if (quote.length <= maxChars) return quote;
  const space = quote.lastIndexOf(' ', maxChars - 1);
  // Within one long word, never between the two halves of a surrogate pair.
  const hard = /[\uD800-\uDBFF]/.test(quote.charAt(maxChars - 2)) ? maxChars - 2 : maxChars - 1;
  const cut = quote.slice(0, space > 0 ? space : hard).replace(/[\s,;:–—-]+$/, '');
  return `${cut}…`;
}
