import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { contentIdeaSchema, ideaKinds } from '../../../lib/transcripts/model/analysis';
import { createBedrockClient, findIdeasWithBedrock } from '../../../lib/transcripts/ideas/bedrock-ideas';
import { IDEA_KIND_GUIDE, IDEA_KIND_PRECEDENCE } from '../../../lib/transcripts/ideas/idea-kind-guide';
import type { Segment } from '../../../lib/transcripts/text/segment';
import { startFakeBedrock, stopFakeBedrock, type FakeBedrock } from '../../helpers/fake-bedrock';
import { LlmIdeasError, type LlmIdeasReason } from '../../../lib/errors';

/**
 * The LLM analyser with the real SDK over real HTTP, against a local fake of the Converse API:
 * what it sends, and what it keeps of what the model answers (only ideas quoting the call).
 */

const wordsOf = (text: string, start: number) =>
  text.split(/(?<= )/).map((word, index) => ({ text: word, start: start + index * 0.4, end: start + index * 0.4 + 0.4 }));

const painText = 'Honestly we lose deals because nobody updates the CRM after calls. ';
const segments: Segment[] = [
  {
    speaker: 'Ana Seller',
    email: 'ana@seller.example',
    side: 'internal',
    text: 'Thanks for making time. How are you handling renewals today?',
    start: 12,
  },
  { speaker: 'Bo Buyer', side: 'external', text: painText, start: 3725, end: 3731, words: wordsOf(painText, 3725) },
  { speaker: 'Bo Buyer', side: 'external', text: 'Why would we pay for another tool when the spreadsheet works?', start: 3790 },
  { side: 'unknown', text: 'Can everyone hear me now?' },
];

const options = { modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0', timeoutMs: 5000, maxTranscriptChars: 10_000 };

const idea = (overrides: Record<string, unknown> = {}) => ({
  kind: 'pain_point',
  hook: 'Your CRM is only as good as the last update.',
  angle: 'Deals die quietly when nobody updates the CRM after a call.',
  quote: 'we lose deals because nobody updates the CRM',
  score: 0.8,
  ...overrides,
});

const objection = idea({
  kind: 'objection',
  hook: 'The spreadsheet is your real competitor.',
  angle: 'Why "it works" beats "it is better" until the cost of the workaround shows.',
  quote: 'Why would we pay for another tool when the spreadsheet works?',
  score: 0.9,
});

let fake: FakeBedrock;
let client: BedrockRuntimeClient;

beforeAll(async () => {
  fake = await startFakeBedrock();
  // One attempt: the SDK's own retries would repeat every scripted failure.
  client = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: fake.url,
    maxAttempts: 1,
    credentials: { accessKeyId: 'AKIDFAKEBEDROCK', secretAccessKey: 'fake-secret' },
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  client.destroy();
  await stopFakeBedrock(fake);
});

const find = (input: Segment[] = segments, overrides: Partial<typeof options> = {}) =>
  findIdeasWithBedrock(input, { ...options, ...overrides }, client);

async function reasonOf(promise: Promise<unknown>): Promise<LlmIdeasError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LlmIdeasError);
  return error as LlmIdeasError;
}

const expectReason = async (promise: Promise<unknown>, reason: LlmIdeasReason) => {
  const error = await reasonOf(promise);
  expect(error.reason).toBe(reason);
  return error;
};

describe('findIdeasWithBedrock', () => {
  it('sends one Converse request: the transcript as lines, a JSON-only system prompt, temperature 0', async () => {
    fake.answerIdeas([idea()]);

    await find();

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.modelId).toBe(options.modelId);
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(request!.body.inferenceConfig).toEqual({ maxTokens: 4096, temperature: 0 });
    expect(request!.body.messages).toHaveLength(1);
    expect(request!.body.messages![0]!.role).toBe('user');
    expect(request!.userText.split('\n')).toEqual(
      expect.arrayContaining([
        '[00:00:12] Ana Seller (internal): Thanks for making time. How are you handling renewals today?',
        '[01:02:05] Bo Buyer (external): Honestly we lose deals because nobody updates the CRM after calls.',
        '[01:03:10] Bo Buyer (external): Why would we pay for another tool when the spreadsheet works?',
        'Can everyone hear me now?',
      ]),
    );
    expect(request!.systemText).toMatch(/JSON only/);
    expect(request!.systemText).toMatch(/copied exactly/);
    for (const kind of ideaKinds) expect(request!.systemText).toContain(`- ${kind}: ${IDEA_KIND_GUIDE[kind]}`);
    for (const rule of IDEA_KIND_PRECEDENCE) expect(request!.systemText).toContain(rule);
  });

  it('returns grounded ideas with evidence from the segments, in the call’s own spelling, best first', async () => {
    fake.answerIdeas([idea({ quote: '"we LOSE deals because   nobody updates the crm"' }), objection]);

    const ideas = await find();

    expect(ideas).toEqual([
      {
        kind: 'objection',
        hook: objection.hook,
        angle: objection.angle,
        score: 0.9,
        mentions: 1,
        evidence: [
          {
            quote: 'Why would we pay for another tool when the spreadsheet works?',
            speaker: 'Bo Buyer',
            side: 'external',
            start: 3790,
            timestamp: '01:03:10',
          },
        ],
      },
      {
        kind: 'pain_point',
        hook: idea().hook,
        angle: idea().angle,
        score: 0.8,
        mentions: 1,
        // `we` is the second word: its start, not the segment's.
        evidence: [
          {
            quote: 'we lose deals because nobody updates the CRM',
            speaker: 'Bo Buyer',
            side: 'external',
            start: 3725.4,
            timestamp: '01:02:05',
          },
        ],
      },
    ]);
    for (const each of ideas) expect(contentIdeaSchema.safeParse(each).success).toBe(true);
  });

  it('drops ideas whose quote is not in the call', async () => {
    fake.answerIdeas([
      idea({ quote: 'we lose millions because the CRM is broken', score: 0.99 }),
      // Verbatim, but across two turns: not one place of the call.
      idea({ quote: 'How are you handling renewals today? Honestly we lose deals', score: 0.95 }),
      objection,
    ]);

    const ideas = await find();

    expect(ideas.map((each) => each.evidence[0]!.quote)).toEqual(['Why would we pay for another tool when the spreadsheet works?']);
  });

  it('fails no_grounded_ideas when every quote is invented, or the model found none', async () => {
    fake.answerIdeas([idea({ quote: 'our budget was cut in half this year' }), idea({ quote: 'nobody' })]);
    const invented = await expectReason(find(), 'no_grounded_ideas');
    expect(invented.message).toMatch(/None of the model's 2 ideas/);

    fake.answerIdeas([]);
    await expectReason(find(), 'no_grounded_ideas');
  });

  it('fails invalid_output on an answer that is not JSON, or not the asked shape', async () => {
    fake.answerText('Here are some great ideas: 1. Talk about the CRM.');
    await expectReason(find(), 'invalid_output');

    fake.answerText('{"ideas": [{"kind": "pain_point", "hook": "cut', 'max_tokens');
    const cut = await expectReason(find(), 'invalid_output');
    expect(cut.message).toMatch(/token limit/);

    fake.answerText(JSON.stringify([idea()]));
    await expectReason(find(), 'invalid_output');
  });

  it('accepts JSON in a ```json fence after some prose', async () => {
    fake.answerText(`Sure! Here is the JSON:\n\n\`\`\`json\n${JSON.stringify({ ideas: [idea()] }, null, 2)}\n\`\`\`\nLet me know.`);

    const ideas = await find();

    expect(ideas).toHaveLength(1);
    expect(ideas[0]!.kind).toBe('pain_point');
  });

  it('drops an idea of an unknown kind (or missing fields), reads kinds spelled loosely, and fails invalid_output when none is valid', async () => {
    fake.answerIdeas([idea({ kind: 'hot_take', score: 1 }), { quote: objection.quote }, { ...objection, kind: 'Objection' }]);
    const ideas = await find();
    expect(ideas.map((each) => each.kind)).toEqual(['objection']);

    fake.answerIdeas([idea({ kind: 'Pain-Point', score: undefined })]);
    const [loose] = await find();
    expect(loose).toMatchObject({ kind: 'pain_point', score: 0.5 });

    fake.answerIdeas([idea({ kind: 'hot_take' }), idea({ kind: 'rant' })]);
    await expectReason(find(), 'invalid_output');
  });

  it('cleans and clamps hooks and angles to the schema’s limits, and clamps scores', async () => {
    fake.answerIdeas([idea({ hook: `  Your\n\nCRM ${'is lying '.repeat(60)}`, angle: 'word '.repeat(200), score: 7 })]);

    const [only] = await find();

    expect(only!.hook.length).toBeLessThanOrEqual(300);
    expect(only!.hook).toMatch(/^Your CRM is lying is lying .*…$/);
    expect(only!.angle.length).toBeLessThanOrEqual(500);
    expect(only!.angle.endsWith('word…')).toBe(true);
    expect(only!.score).toBe(1);
  });

  it('merges ideas quoting the same place, keeping the best', async () => {
    fake.answerIdeas([
      idea({ score: 0.6, hook: 'Weaker' }),
      idea({ score: 0.7, hook: 'Stronger', quote: 'nobody updates the CRM after calls' }),
      idea({ kind: 'insight', score: 0.5, quote: 'How are you handling renewals today?' }),
    ]);

    const ideas = await find();

    expect(ideas.map((each) => each.hook)).toEqual(['Stronger', idea().hook]);
    expect(ideas.map((each) => each.score)).toEqual([0.7, 0.5]);
  });

  it("drops an idea whose kind the speaker's side cannot voice: a seller's words are no customer story", async () => {
    fake.answerIdeas([
      idea({ kind: 'story_or_quote', score: 0.9, quote: 'Thanks for making time. How are you handling renewals today?' }),
      idea({ kind: 'objection', score: 0.8, quote: 'How are you handling renewals today?' }),
      idea(),
    ]);

    const ideas = await find();

    expect(ideas.map((each) => [each.kind, each.evidence[0]!.side])).toEqual([['pain_point', 'external']]);
  });

  it('fails throttled on ThrottlingException (429), naming it', async () => {
    fake.answerError(429, 'ThrottlingException');

    const error = await expectReason(find(), 'throttled');

    expect(error.serviceError).toBe('ThrottlingException');
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [503, 'ServiceUnavailableException'],
    [500, 'InternalServerException'],
    [400, 'ValidationException'],
    [403, 'AccessDeniedException'],
  ])('fails model_error on %i %s, naming it', async (status, errorType) => {
    fake.answerError(status, errorType, `the fake says ${errorType}`);

    const error = await expectReason(find(), 'model_error');

    expect(error.serviceError).toBe(errorType);
    expect(error.message).toContain(errorType);
  });

  it('fails timeout on ModelTimeoutException (408)', async () => {
    fake.answerError(408, 'ModelTimeoutException');

    const error = await expectReason(find(), 'timeout');

    expect(error.serviceError).toBe('ModelTimeoutException');
  });

  it('gives up after timeoutMs when Bedrock does not answer', async () => {
    fake.stall();
    const began = Date.now();

    await expectReason(find(segments, { timeoutMs: 1000 }), 'timeout');

    const elapsed = Date.now() - began;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // Not much later either, whatever else the machine is doing: the call was cut, not waited out.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('refuses a transcript rendering over maxTranscriptChars without sending it', async () => {
    const long: Segment[] = Array.from({ length: 40 }, (_, index) => ({
      speaker: 'Bo',
      side: 'external',
      text: `Sentence number ${index} of a long call.`,
      start: index,
    }));

    const error = await expectReason(find(long, { maxTranscriptChars: 1000 }), 'transcript_too_long');

    expect(error.message).toMatch(/over the 1000/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('createBedrockClient', () => {
  const saved = {
    endpoint: process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME,
    key: process.env.AWS_ACCESS_KEY_ID,
    secret: process.env.AWS_SECRET_ACCESS_KEY,
  };
  afterEach(() => {
    for (const [name, value] of [
      ['AWS_ENDPOINT_URL_BEDROCK_RUNTIME', saved.endpoint],
      ['AWS_ACCESS_KEY_ID', saved.key],
      ['AWS_SECRET_ACCESS_KEY', saved.secret],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('reaches the endpoint of AWS_ENDPOINT_URL_BEDROCK_RUNTIME, in BEDROCK_REGION, retrying a 503 once', async () => {
    process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = fake.url;
    process.env.AWS_ACCESS_KEY_ID ??= 'AKIDFAKEBEDROCK';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'fake-secret';
    const configured = createBedrockClient({ BEDROCK_REGION: 'eu-west-3' });
    fake.answerError(503, 'ServiceUnavailableException');
    fake.answerIdeas([objection]);

    try {
      const ideas = await findIdeasWithBedrock(segments, options, configured);

      expect(ideas).toHaveLength(1);
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests[1]!.headers.authorization).toMatch(/\/eu-west-3\/bedrock\/aws4_request/);
    } finally {
      configured.destroy();
    }
  });
});
