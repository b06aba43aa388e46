import type { Analysis, ContentIdea } from '../model/analysis';
import { selectBestIdeas } from '../ideas/best-ideas';
import type { CallIdentities } from './call-identities';
import { draftProblems } from './check-draft';
import { writePostDraft, type PostProposal } from './post-draft';

/** An analysis with its best ideas chosen and drafted, and how many of an LLM's proposals the rules refused. */
export interface DraftedAnalysis {
  analysis: Analysis;
  refusedProposals: number;
}

/**
 * Gives each of the call's best ideas (`best`, else `selectBestIdeas`) its post draft: from the
 * LLM's proposal for it (by position in `ideas`) when the draft keeps the rules (`draftProblems`),
 * else from the embedded templates (which keep them by construction, and are held to them by
 * test). Other ideas carry no draft: they are there on request, not as post material.
 */
export function draftBestIdeas(
  analysis: Analysis,
  identities: CallIdentities,
  proposals: ReadonlyMap<number, PostProposal> = new Map(),
  best: readonly number[] = selectBestIdeas(analysis.ideas),
): DraftedAnalysis {
  let refusedProposals = 0;
  const ideas = analysis.ideas.map((idea, index): ContentIdea => {
    const { draft: _stale, ...bare } = idea;
    if (!best.includes(index)) return bare;
    const proposal = proposals.get(index);
    const proposed = proposal && writePostDraft(bare, identities, proposal);
    if (proposed && draftProblems(proposed, bare, identities).length === 0) return { ...bare, draft: proposed };
    if (proposal) refusedProposals++;
    const written = writePostDraft(bare, identities);
    return written ? { ...bare, draft: written } : bare;
  });
  return { analysis: { ...analysis, ideas, best: [...best] }, refusedProposals };
}
