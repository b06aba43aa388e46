import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { validate } from '../../../lib/schemas/validate';
import { transcriptRequestSchema } from '../../../lib/schemas/transcript';
import type { IdeasAnalyser } from '../../../lib/transcripts/analyse-content';
import { analyseContent } from '../../../lib/transcripts/analyse-content';
import { analysisSchema } from '../../../lib/transcripts/model/analysis';
import { startFakeBedrock, stopFakeBedrock, type FakeBedrock } from '../../helpers/fake-bedrock';

/**
 * The analysis a transcript gets with the Bedrock analyser configured, against a local fake of
 * the Converse API: the LLM's grounded ideas with the embedded metrics, or, on any failure, the
 * embedded result with the reason it was kept.
 */
let fake: FakeBedrock;
let analyser: IdeasAnalyser;

beforeAll(async () => {
  fake = await startFakeBedrock();
  const client = new BedrockRuntimeClient({
    endpoint: fake.url,
    region: 'us-east-1',
    maxAttempts: 1,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  // Patient: an answer a loaded machine is slow to hand over must not time out (it did, in CI).
  analyser = {
    name: 'bedrock',
    modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    timeoutMs: 30_000,
    maxTranscriptChars: 10_000,
    client,
  };
});
afterAll(() => stopFakeBedrock(fake));
afterEach(() => fake.reset());

const request = validate(transcriptRequestSchema, {
  title: 'Discovery call',
  call_id: 'bedrock-1',
  call_start_time: '2026-11-20T15:00:00Z',
  url: 'https://calls.example.com/r/1',
  participants: ['sam@acme-sales.example', 'jane@globex.example'],
  format: 'plaintext',
  transcript:
    '[00:00:01] Sam: What made you look at us?\n' +
    '[00:00:04] Jane: Our reps waste hours every week copying call notes into spreadsheets.\n' +
    '[00:00:11] Jane: Honestly it sounds too expensive compared to what we pay for our current tool.',
});

describe('analyseContent with the Bedrock analyser', () => {
  it("keeps the LLM's grounded ideas, with evidence from the call and the embedded metrics", async () => {
    fake.answerIdeas([
      {
        kind: 'pain_point',
        hook: 'Hours lost to copy-paste.',
        angle: 'Notes belong in the CRM, not in spreadsheets.',
        quote: 'our reps waste hours every week copying call notes',
        score: 0.9,
      },
      { kind: 'insight', hook: 'Invented.', angle: 'A quote nobody said.', quote: 'We would buy it tomorrow if it were free', score: 0.95 },
    ]);

    const analysis = await analyseContent(request, ['acme-sales.example'], analyser);

    expect(analysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.analyser).toEqual({ name: 'bedrock', modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0' });
    expect(analysis.fallback).toBeUndefined();
    expect(analysis.ideas).toHaveLength(1);
    expect(analysis.ideas[0]!.evidence[0]).toMatchObject({
      quote: 'Our reps waste hours every week copying call notes',
      speaker: 'Jane',
      side: 'external',
      timestamp: '00:00:04',
    });
    expect(analysis.metrics.sides.external.words).toBeGreaterThan(20);
    expect(fake.requests[0]!.userText).toContain('Jane (external): Our reps waste hours');
  });

  it.each([
    ['a model error', () => fake.answerError(503, 'ServiceUnavailableException'), 'model_error'],
    ['throttling', () => fake.answerError(429, 'ThrottlingException'), 'throttled'],
    ['no answer in time', () => fake.stall(), 'timeout'],
    ['an answer that is not JSON', () => fake.answerText('Here are some ideas: be bold.'), 'invalid_output'],
    [
      'only invented quotes',
      () => fake.answerIdeas([{ kind: 'objection', hook: 'h', angle: 'a', quote: 'This was never said on the call at all', score: 1 }]),
      'no_grounded_ideas',
    ],
  ])('keeps the embedded result on %s, saying why', async (_what, answer, reason) => {
    answer();
    // Only the stalled model is to time out, so only it is given a short wait.
    const chosen = reason === 'timeout' ? { ...analyser, timeoutMs: 1500 } : analyser;

    const analysis = await analyseContent(request, ['acme-sales.example'], chosen);

    expect(analysis.analyser).toEqual({ name: 'embedded', version: expect.any(String) });
    expect(analysis.fallback).toEqual({ from: 'bedrock', reason });
    expect(analysis.ideas.map((idea) => idea.kind)).toEqual(expect.arrayContaining(['pain_point', 'objection']));
  });
});
