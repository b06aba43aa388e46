import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { LLM_POST_PROMPT } from '../../lib/transcripts/drafts/bedrock-posts';
import { LLM_SYSTEM_PROMPT } from '../../lib/transcripts/ideas/bedrock-ideas';
import { startFakeBedrock, stopFakeBedrock } from '../../tests/helpers/fake-bedrock';
import { scoreAnalyser } from './evaluate';
import { LABELLED_DIR, loadPerCallFiles, type LabelledCall } from './labelled-call';
import type { CallScore } from './score-ideas';

/**
 * Recorded answers of an LLM to the LLM analyser's exact request for some labelled calls. With no
 * cloud account, Bedrock cannot be called where the eval runs; replaying what a model answered
 * through the real SDK (to a local Converse endpoint) and the service's own grounding, merging
 * and side rule scores the whole LLM path but the model. The score is only as good as the model
 * that answered, which each file names.
 *
 * A file of `tests/fixtures/transcripts/llm-answers/` is named after its call and holds
 * `{ "answeredBy": …, "systemPromptSha256": …, "text": "<the model's raw answer>" }`.
 */
export const LLM_ANSWERS_DIR = join(LABELLED_DIR, '../llm-answers');

const recordedAnswerSchema = z.strictObject({
  /** Who or what answered, in words: the score says nothing of any other model. */
  answeredBy: z.string().min(1),
  /** Of the system prompt the answer was given to: an answer to an older prompt says little of the current one. */
  systemPromptSha256: z.string().regex(/^[0-9a-f]{64}$/),
  text: z.string().min(2),
});

export interface RecordedAnswer extends z.infer<typeof recordedAnswerSchema> {
  call: LabelledCall;
}

/** The hash recorded answers carry, of the prompt the LLM analyser sends now. */
export const currentPromptSha256 = (): string => createHash('sha256').update(LLM_SYSTEM_PROMPT).digest('hex');

/** The recorded answers, for calls of `calls` (a file naming no labelled call throws). */
export function loadRecordedAnswers(calls: readonly LabelledCall[], dir = LLM_ANSWERS_DIR): RecordedAnswer[] {
  return loadPerCallFiles(dir, calls, recordedAnswerSchema, 'recorded answer').map(({ call, data }) => ({ ...data, call }));
}

/**
 * Each recorded answer given back, in its call's turn, by a local Converse endpoint to the LLM
 * analyser, and what it kept scored against the call's labels.
 */
export async function replayRecordedAnswers(answers: readonly RecordedAnswer[]): Promise<CallScore[]> {
  const fake = await startFakeBedrock();
  try {
    fake.script(...answers.map(({ text }) => ({ text })));
    // The answers are of the ideas' prompt; the post drafts' requests are told that the model wrote none.
    fake.answerAlways((request) => request.systemText === LLM_POST_PROMPT, { text: '{"posts":[]}' });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: fake.url,
      credentials: { accessKeyId: 'AKIDREPLAY', secretAccessKey: 'replay' },
      maxAttempts: 1,
    });
    const analyser = { name: 'bedrock', modelId: 'recorded-answer', timeoutMs: 30_000, maxTranscriptChars: 200_000, client } as const;
    const scores = await scoreAnalyser(
      answers.map(({ call }) => call),
      analyser,
    );
    // Answers are given in turn: each request must be the call its answer was recorded for.
    const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
    const asked = fake.requests.filter((request) => request.systemText === LLM_SYSTEM_PROMPT);
    const misplaced = answers.filter(({ call }, index) => !asked[index]?.userText.includes(oneLine(call.script[0]![1])));
    if (asked.length !== answers.length || misplaced.length > 0)
      throw new Error(`recorded answers out of turn: ${answers.length} recorded, ${asked.length} asked for`);
    return scores;
  } finally {
    await stopFakeBedrock(fake);
  }
}
