import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordedAnswersReport } from '../../../bench/insight.bench';
import { loadLabelledCalls } from '../../../bench/insight/labelled-call';
import {
  currentPromptSha256,
  loadRecordedAnswers,
  replayRecordedAnswers,
  type RecordedAnswer,
} from '../../../bench/insight/recorded-llm-answers';

/**
 * Recorded answers of an LLM, replayed through the real SDK to a local Converse endpoint and the
 * LLM analyser's own grounding and side rule (`npm run eval` prints their score).
 */
const calls = loadLabelledCalls();

function folderWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'llm-answers-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}

describe('recorded LLM answers', () => {
  it('are scored as the LLM analyser keeps them: a quote the call does not hold and a seller line sold as a story count for nothing', async () => {
    const call = calls.find((each) => !each.heldOut)!;
    const label = call.ideas.find((each) => !each.optional && each.kind === 'objection')!;
    const sellerLine = call.script.find(([who]) => call.people[who]!.side === 'internal')![1];
    const idea = (kind: string, quote: string) => ({ kind, hook: 'A hook.', angle: 'An angle.', quote, score: 0.9 });
    const answer: RecordedAnswer = {
      call,
      answeredBy: 'a test',
      systemPromptSha256: currentPromptSha256(),
      text: JSON.stringify({
        ideas: [
          idea('objection', label.quote),
          idea('pain_point', 'Our dashboards never load before lunch, and nobody knows why.'),
          idea('story_or_quote', sellerLine),
        ],
      }),
    };

    const [score] = await replayRecordedAnswers([answer]);

    expect(score!.ideas.map((each) => each.kind)).toEqual(['objection']);
    expect(score!.right).toHaveLength(1);
    expect(score!.wrong).toEqual([]);
  });

  it('refuse a file that names no labelled call or lacks what it must say', () => {
    const noCall = folderWith({ 'no-such-call.json': { answeredBy: 'x', systemPromptSha256: currentPromptSha256(), text: '{}' } });
    const noHash = folderWith({ [`${calls[0]!.id}.json`]: { answeredBy: 'x', text: '{"ideas":[]}' } });

    expect(() => loadRecordedAnswers(calls, noCall)).toThrow('no labelled call no-such-call');
    expect(() => loadRecordedAnswers(calls, noHash)).toThrow('systemPromptSha256');
  });

  it('are all answers to the prompt the analyser sends now, and replay into the eval’s report', async () => {
    const answers = loadRecordedAnswers(calls);

    expect(answers.length).toBeGreaterThanOrEqual(8);
    // A changed prompt makes the recorded score say nothing of it: record the answers again, or remove them.
    expect(answers.filter((answer) => answer.systemPromptSha256 !== currentPromptSha256()).map((answer) => answer.call.id)).toEqual([]);
    const lines = await recordedAnswersReport(calls);
    expect(lines[0]).toMatch(new RegExp(`^LLM analyser on ${answers.length} calls, replaying recorded answers of `));
    expect(lines.find((line) => line.startsWith('overall'))).toMatch(/^overall +\d\.\d\d \(\d+\/\d+\)/);
  });
});
