/** Which side of the call a speaker is on: the seller's company (internal) or the customer's (external). */
export type Side = 'internal' | 'external' | 'unknown';

/**
 * One turn of a call, whatever form the transcript came in (array of strings, array of segment
 * objects, or plaintext): the one shape the analysers read.
 */
export interface Segment {
  /** Speaker's name, when the form says it (segment objects, `Name: text` lines). */
  speaker?: string;
  /** Speaker's email, given or matched from the participants. */
  email?: string;
  side: Side;
  text: string;
  /** Seconds from the start of the call. */
  start?: number;
  end?: number;
  /**
   * Segment objects only: the words with their times, in order; `text` is their texts joined as
   * given (each word's text carries its trailing space), so a character offset maps to a word.
   */
  words?: Array<{ text: string; start: number; end: number }>;
}

/**
 * The time of a character of a segment: the start of the word that holds it when the segment has
 * words that spell its `text` (their texts joined, possibly trimmed), else the segment's start;
 * undefined without either.
 */
export function startAt(segment: Segment, offset: number): number | undefined {
  const { words } = segment;
  if (words?.length) {
    const trimmed = segment.text.trim();
    const at = words
      .map((word) => word.text)
      .join('')
      .indexOf(trimmed);
    if (at >= 0) {
      const lead = segment.text.length - segment.text.trimStart().length;
      let end = lead - at;
      for (const word of words) {
        end += word.text.length;
        if (offset < end) return word.start;
      }
      return words.at(-1)?.start;
    }
  }
  return segment.start;
}
