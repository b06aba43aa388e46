import type { Analysis } from './model/analysis';
import { findContentIdeas } from './ideas/content-ideas';
import type { Segment } from './text/segment';
import { splitSentences } from './text/sentences';
import { measureTranscript } from './transcript-metrics';

/** Changes when the embedded analyser's output for the same call could change, so a stored analysis says which rules made it. */
export const EMBEDDED_ANALYSER_VERSION = '4';

/** The embedded, deterministic analysis of a call: its metrics and content ideas, in time linear in its length. */
export function analyseEmbedded(segments: readonly Segment[]): Analysis {
  const sentences = splitSentences(segments);
  return {
    analyser: { name: 'embedded', version: EMBEDDED_ANALYSER_VERSION },
    metrics: measureTranscript(segments, sentences),
    ideas: findContentIdeas(segments, sentences),
  };
}
