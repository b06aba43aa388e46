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
