/** Whitespace-separated tokens of a text, counted in one pass without building them. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const space = code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
