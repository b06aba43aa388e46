import { createBedrockClient } from '../lib/transcripts/ideas/bedrock-ideas';
import type { BenchResult } from './bench-result';
import { detailLines, evaluate, oneToOneLine, tallyLines } from './insight/evaluate';
import { loadLabelledCalls, type LabelledCall } from './insight/labelled-call';
import { currentPromptSha256, loadRecordedAnswers, replayRecordedAnswers } from './insight/recorded-llm-answers';
import { tallyByKind } from './insight/score-ideas';

/**
 * The content ideas of the embedded analyser scored against the labelled calls of
 * `tests/fixtures/transcripts/labelled/` (`npm run eval`). With TRANSCRIPT_ANALYSER=bedrock and
 * BEDROCK_MODEL_ID set (and AWS credentials, or AWS_ENDPOINT_URL_BEDROCK_RUNTIME for a local
 * endpoint), the LLM analyser is scored too, on the same calls and targets.
 */
export async function run(): Promise<BenchResult> {
  const calls = loadLabelledCalls();
  const embedded = await evaluate(calls, { name: 'embedded' }, 'embedded');
  const recorded = await recordedAnswersReport(calls);
  const bedrock = await bedrockReport(calls);
  return {
    name: embedded.name,
    lines: [...embedded.lines, ...recorded, ...(bedrock?.lines ?? [])],
    targets: [...embedded.targets, ...(bedrock?.targets ?? [])],
  };
}

/** The LLM analyser's path scored on recorded answers of a model (`recorded-llm-answers.ts`); no target, as no model of ours answered. */
export async function recordedAnswersReport(calls: readonly LabelledCall[]): Promise<string[]> {
  const answers = loadRecordedAnswers(calls);
  if (answers.length === 0) return [];
  const scores = await replayRecordedAnswers(answers);
  const answeredBy = [...new Set(answers.map((answer) => answer.answeredBy))].join('; ');
  const stale = answers.filter((answer) => answer.systemPromptSha256 !== currentPromptSha256()).length;
  return [
    `LLM analyser on ${answers.length} calls, replaying recorded answers of ${answeredBy} (no target)`,
    ...(stale > 0 ? [`  ${stale} of them answered an earlier prompt than the one the analyser sends now: record them again`] : []),
    ...tallyLines(tallyByKind(scores)),
    oneToOneLine(scores),
    'misses and false ideas (recorded LLM answers):',
    ...detailLines(scores),
  ];
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
