import { bedrockReport } from '../../../bench/insight.bench';
import { LLM_POST_PROMPT } from '../../../lib/transcripts/drafts/bedrock-posts';
import { loadLabelledCalls, type LabelledCall } from '../../../bench/insight/labelled-call';
import { startFakeBedrock, stopFakeBedrock, type FakeBedrock, type RecordedConverse } from '../../helpers/fake-bedrock';

/**
 * `npm run eval` with the LLM analyser configured scores it on the same labelled calls as the
 * embedded one, through the real SDK and a local Converse endpoint. The fake model here answers
 * each call with its labelled ideas, plus a quote it invented and a seller's line sold as a
 * customer story: what the score shows is what the service keeps of an LLM's answer (only ideas
 * that quote the call, in words of a side their kind may come from), not how good a model is.
 */
const calls = loadLabelledCalls();
let fake: FakeBedrock;
const saved = { ...process.env };

/** The labelled call a Converse request is about: the one whose first line the transcript holds. */
function callOf(request: RecordedConverse): LabelledCall {
  const call = calls.find((each) => request.userText.includes(each.script[0]![1].replace(/\s+/g, ' ').trim()));
  if (!call) throw new Error('the fake model got a transcript of no labelled call');
  return call;
}

const INVENTED = 'Our biggest problem is that the dashboards never load before lunch.';

function answerFor(request: RecordedConverse) {
  const call = callOf(request);
  const sellerLine = call.script.find(([who]) => call.people[who]!.side === 'internal')![1];
  const labelled = call.ideas
    .filter((label) => !label.optional)
    .map((label) => ({ kind: label.kind, hook: 'A hook.', angle: 'An angle.', quote: label.quote, score: 0.8 }));
  const ideas = [
    { kind: 'pain_point', hook: 'Invented.', angle: 'Invented.', quote: INVENTED, score: 0.99 },
    { kind: 'story_or_quote', hook: 'A claim.', angle: 'A claim.', quote: sellerLine, score: 0.98 },
    ...labelled,
  ];
  return { text: JSON.stringify({ ideas }) };
}

beforeAll(async () => {
  fake = await startFakeBedrock();
  Object.assign(process.env, {
    TRANSCRIPT_ANALYSER: 'bedrock',
    BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0',
    BEDROCK_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.url,
    AWS_ACCESS_KEY_ID: 'AKIDFAKEBEDROCK',
    AWS_SECRET_ACCESS_KEY: 'fake-secret',
  });
});
afterAll(async () => {
  process.env = saved;
  await stopFakeBedrock(fake);
});

describe('npm run eval with the LLM analyser configured', () => {
  it('scores it on every labelled call, keeping only ideas grounded in the call and voiced by a side their kind allows', async () => {
    fake.script(...calls.map(() => answerFor));
    fake.answerAlways((request) => request.systemText === LLM_POST_PROMPT, { text: '{"posts":[]}' });

    // The LLM analyser's part of `npm run eval` (the embedded one's, and its cross-validation, are the unit tests').
    const result = (await bedrockReport(calls))!;

    // One request for each call's ideas, and one for the post drafts of its best ones.
    const posts = fake.requests.filter((request) => request.systemText === LLM_POST_PROMPT);
    expect(fake.requests.length - posts.length).toBe(calls.length);
    expect(posts).toHaveLength(calls.length);
    const bedrock = result.lines.slice(result.lines.findIndex((line) => line.startsWith('bedrock analyser')));
    expect(bedrock[0]).toBe(`bedrock analyser on ${calls.filter((call) => !call.heldOut).length} labelled calls (tuning set)`);
    // Neither the invented quote nor the seller's claim survives: no false idea at all.
    expect(bedrock.some((line) => line.startsWith('  false'))).toBe(false);
    expect(bedrock.find((line) => line.startsWith('overall'))).toMatch(/^overall +1\.00 \(/);
    const precision = result.targets.filter((target) => target.name.startsWith('bedrock') && target.name.includes('precision'));
    expect(precision.length).toBeGreaterThan(0);
    expect(precision.every((target) => target.pass)).toBe(true);
  });
});
