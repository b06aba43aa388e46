import { createBedrockClient } from '../lib/transcripts/ideas/bedrock-ideas';
import type { BenchResult } from './bench-result';
import { evaluate } from './insight/evaluate';
import { loadLabelledCalls } from './insight/labelled-call';

/**
 * The content ideas of the embedded analyser scored against the labelled calls of
 * `tests/fixtures/transcripts/labelled/` (`npm run eval`). With TRANSCRIPT_ANALYSER=bedrock and
 * BEDROCK_MODEL_ID set (and AWS credentials, or AWS_ENDPOINT_URL_BEDROCK_RUNTIME for a local
 * endpoint), the LLM analyser is scored too, on the same calls and targets.
 */
export async function run(): Promise<BenchResult> {
  const calls = loadLabelledCalls();
  const embedded = await evaluate(calls, { name: 'embedded' }, 'embedded');
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (process.env.TRANSCRIPT_ANALYSER !== 'bedrock' || !modelId) return embedded;
  const bedrock = await evaluate(
    calls,
    {
      name: 'bedrock',
      modelId,
      timeoutMs: 120_000,
      maxTranscriptChars: 200_000,
      client: createBedrockClient({ BEDROCK_REGION: process.env.BEDROCK_REGION ?? '' }),
    },
    'bedrock',
  );
  return { name: embedded.name, lines: [...embedded.lines, ...bedrock.lines], targets: [...embedded.targets, ...bedrock.targets] };
}
