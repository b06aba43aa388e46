import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { logger } from '../log';
import type { TranscriptRequest } from '../schemas/transcript';
import type { Analysis } from './model/analysis';
import { findIdeasWithBedrock } from './ideas/bedrock-ideas';
import { analyseEmbedded } from './embedded-analyser';
import { metricsWarnings } from './metrics-warnings';
import { normaliseTranscript } from './normalise-transcript';
import { requestWarnings } from './request-warnings';
import { LlmIdeasError } from '../errors';
import { callIdentities } from './drafts/call-identities';
import { draftBestIdeas } from './drafts/draft-best-ideas';

/** Which analyser finds the content ideas; metrics are always the embedded analyser's. */
export type IdeasAnalyser =
  { name: 'embedded' } | { name: 'bedrock'; modelId: string; timeoutMs: number; maxTranscriptChars: number; client: BedrockRuntimeClient };

/**
 * Normalises a stored transcript and analyses it. With the Bedrock analyser, the LLM's ideas
 * replace the embedded ones only when they pass the same schema and are grounded in the call;
 * on any failure the embedded result is kept, saying why (`fallback`). Either way the analysis
 * carries the `warnings` of the request (those the add answer gave) and of its metrics, so that
 * the transcript keeps saying them once analysed. The best ideas are chosen and drafted as posts
 * by the same code whichever analyser found them (`draftBestIdeas`).
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
  const finish = (analysis: Analysis): Analysis => {
    const drafted = draftBestIdeas(analysis, identities);
    if (drafted.refusedDrafts > 0)
      logger.info('LLM post drafts refused by the draft rules; templates used instead', {
        callId: request.call_id,
        refused: drafted.refusedDrafts,
      });
    return warnings.length > 0 ? { ...drafted.analysis, warnings } : drafted.analysis;
  };
  if (analyser.name === 'embedded') return finish(embedded);
  try {
    const ideas = await findIdeasWithBedrock(segments, analyser, analyser.client);
    return finish({ analyser: { name: 'bedrock', modelId: analyser.modelId }, metrics: embedded.metrics, ideas });
  } catch (error) {
    const reason = error instanceof LlmIdeasError ? error.reason : 'model_error';
    logger.warn('LLM analysis failed; keeping the embedded ideas', { callId: request.call_id, reason, error: error as Error });
    return finish({ ...embedded, fallback: { from: 'bedrock', reason } });
  }
}
