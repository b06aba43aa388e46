import type { Sentence } from '../text/sentences';

/**
 * The sentences either side of a sentence in its turn. What a line is often shows in the lines
 * around it: a sentence inside a story is told among past events ("we got a warning letter"), a
 * pain among what it costs, an objection among the conditions of a deal; the sentence alone is
 * often too short to say which ("It happens every time.").
 */
export interface SentenceNeighbours {
  before?: string;
  after?: string;
}

/** A sentence read alone, with no turn around it. */
export const NO_NEIGHBOURS: SentenceNeighbours = {};

/** The neighbours of each sentence of a call, in order: those of the same turn (segment) only. */
export function neighboursOf(sentences: readonly Sentence[]): SentenceNeighbours[] {
  return sentences.map((sentence, index) => {
    const before = sentences[index - 1];
    const after = sentences[index + 1];
    return {
      ...(before?.segment === sentence.segment ? { before: before.text } : {}),
      ...(after?.segment === sentence.segment ? { after: after.text } : {}),
    };
  });
}
