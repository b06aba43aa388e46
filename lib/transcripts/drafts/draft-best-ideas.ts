import type { Analysis, ContentIdea } from '../model/analysis';
import { selectBestIdeas } from '../ideas/best-ideas';
import type { CallIdentities } from './call-identities';
import { draftProblems } from './check-draft';
import { writePostDraft } from './post-draft';

/** An analysis with its best ideas chosen and drafted, and how many drafts an LLM wrote that the rules refused. */
export interface DraftedAnalysis {
  analysis: Analysis;
  refusedDrafts: number;
}

/**
 * Chooses the ideas a call offers as post material (`selectBestIdeas`) and gives each a post
 * draft: the one the analyser wrote when it keeps the rules (`draftProblems`), else the embedded
 * templates' (which keep them by construction, and are held to them by test). Other ideas carry
 * no draft: they are there on request, not as post material.
 */
export function draftBestIdeas(analysis: Analysis, identities: CallIdentities): DraftedAnalysis {
  const best = selectBestIdeas(analysis.ideas);
  let refusedDrafts = 0;
  const ideas = analysis.ideas.map((idea, index): ContentIdea => {
    const { draft, ...bare } = idea;
    if (!best.includes(index)) return bare;
    if (draft && draftProblems(draft, idea, identities).length === 0) return idea;
    if (draft) refusedDrafts++;
    const written = writePostDraft(bare, identities);
    return written ? { ...bare, draft: written } : bare;
  });
  return { analysis: { ...analysis, ideas, best }, refusedDrafts };
}
