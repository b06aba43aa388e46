import { createBedrockClient } from '../lib/transcripts/ideas/bedrock-ideas';
import type { BenchResult } from './bench-result';
import { evaluate } from './insight/evaluate';
import { loadLabelledCalls, type LabelledCall } from './insight/labelled-call';

/**
 * The content ideas of the embedded analyser scored against the labelled calls of
 * `tests/fixtures/transcripts/labelled/` (`npm run eval`). With TRANSCRIPT_ANALYSER=bedrock and
 * BEDROCK_MODEL_ID set (and AWS credentials, or AWS_ENDPOINT_URL_BEDROCK_RUNTIME for a local
 * endpoint), the LLM analyser is scored too, on the same calls and targets.
 */
export async function run(): Promise<BenchResult> {
  const calls = loadLabelledCalls();
  const embedded = await evaluate(calls, { name: 'embedded' }, 'embedded');
  const bedrock = await bedrockReport(calls);
  if (!bedrock) return embedded;
  return { name: embedded.name, lines: [...embedded.lines, ...bedrock.lines], targets: [...embedded.targets, ...bedrock.targets] };
}

/** The LLM analyser's report on the calls, when TRANSCRIPT_ANALYSER=bedrock and BEDROCK_MODEL_ID ask for one. */
export async function bedrockReport(calls: readonly LabelledCall[]): Promise<BenchResult | undefined> {
  const modelId = process.env.BEDROCK_MODEL_ID;
  if (process.env.TRANSCRIPT_ANALYSER !== 'bedrock' || !modelId) return undefined;
  return evaluate(
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
}
