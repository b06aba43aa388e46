import type { ContentIdea, IdeaKind } from '../../../../lib/transcripts/model/analysis';

/** A content idea of `kind` whose one evidence quote is `quote`, a buyer's: what choosing, drafting and themes read of it. */
export function ideaOf(kind: IdeaKind, quote: string, score = 0.5): ContentIdea {
  return { kind, hook: 'h', angle: 'a', score, mentions: 1, evidence: [{ quote, side: 'external' }] };
}
