import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { logger } from '../log';
import type { TranscriptRequest } from '../schemas/transcript';
import type { Analysis, ContentIdea } from './model/analysis';
import { findIdeasWithBedrock } from './ideas/bedrock-ideas';
import { analyseEmbedded } from './embedded-analyser';
import { metricsWarnings } from './metrics-warnings';
import { normaliseTranscript } from './normalise-transcript';
import { requestWarnings } from './request-warnings';
import { LlmIdeasError } from '../errors';
import { callIdentities } from './drafts/call-identities';
import { draftBestIdeas } from './drafts/draft-best-ideas';
import { proposePostsWithBedrock } from './drafts/bedrock-posts';
import { maskedQuote, type PostProposal } from './drafts/post-draft';
import { selectBestIdeas } from './ideas/best-ideas';

/** Which analyser finds the content ideas; metrics are always the embedded analyser's. */
export type IdeasAnalyser =
  { name: 'embedded' } | { name: 'bedrock'; modelId: string; timeoutMs: number; maxTranscriptChars: number; client: BedrockRuntimeClient };

/**
 * Normalises a stored transcript and analyses it. With the Bedrock analyser, the LLM's ideas
 * replace the embedded ones only when they pass the same schema and are grounded in the call;
 * on any failure the embedded result is kept, saying why (`fallback`). Either way the analysis
 * carries the `warnings` of the request (those the add answer gave) and of its metrics, so that
 * the transcript keeps saying them once analysed. The best ideas are chosen and drafted as posts
 * by the same code whichever analyser found them (`draftBestIdeas`); with the Bedrock analyser, the
 * LLM proposes the words around each best quote (shown masked), held to the same rules, and the
 * templates write any it fails to.
 */
export async function analyseContent(
  request: TranscriptRequest,
  workspaceDomains: readonly string[],
  analyser: IdeasAnalyser,
): Promise<Analysis> {
  const segments = normaliseTranscript(request, workspaceDomains);
  const embedded = analyseEmbedded(segments);
  const warnings = [...requestWarnings(request), ...metricsWarnings(embedded.metrics)];
  const identities = callIdentities(request.participants, segments, workspaceDomains);
  const finish = (analysis: Analysis, proposals?: ReadonlyMap<number, PostProposal>, best?: readonly number[]): Analysis => {
    const drafted = draftBestIdeas(analysis, identities, proposals, best);
    if (drafted.refusedProposals > 0)
      logger.info('LLM post drafts refused by the draft rules; templates used instead', {
        callId: request.call_id,
        refused: drafted.refusedProposals,
      });
    return warnings.length > 0 ? { ...drafted.analysis, warnings } : drafted.analysis;
  };
  if (analyser.name === 'embedded') return finish(embedded);
  let ideas: ContentIdea[];
  try {
    ideas = await findIdeasWithBedrock(segments, analyser, analyser.client);
  } catch (error) {
    const reason = error instanceof LlmIdeasError ? error.reason : 'model_error';
    logger.warn('LLM analysis failed; keeping the embedded ideas', { callId: request.call_id, reason, error: error as Error });
    return finish({ ...embedded, fallback: { from: 'bedrock', reason } });
  }
  const analysis: Analysis = { analyser: { name: 'bedrock', modelId: analyser.modelId }, metrics: embedded.metrics, ideas };
  // Chosen once: the LLM writes for these ideas, and these are the ones drafted.
  const best = selectBestIdeas(ideas);
  const requests = best.map((index) => {
    const idea = ideas[index] as ContentIdea;
    return { index, kind: idea.kind, quote: maskedQuote(idea, identities).text };
  });
  try {
    return finish(analysis, await proposePostsWithBedrock(requests, analyser, analyser.client), best);
  } catch (error) {
    const reason = error instanceof LlmIdeasError ? error.reason : 'model_error';
    logger.warn('LLM post drafts failed; the templates wrote them', { callId: request.call_id, reason, error: error as Error });
    return finish(analysis, undefined, best);
  }
}
