import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLabelledCalls } from '../../../../bench/insight/labelled-call';
import { tinyLabelledCall as call } from '../../../fixtures/transcripts/tiny-labelled-call';
import { tallyByKind } from '../../../../bench/insight/score-ideas';
import { loadSecondLabels, scoreSecondLabeller } from '../../../../bench/insight/second-labels';

function folderWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'second-labels-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}

describe('second labels', () => {
  it('score the second labeller against the first as an analyser, leaving its optional labels out', () => {
    const dir = folderWith({
      'tiny.json': {
        ideas: [
          { kind: 'objection', quote: 'it is too expensive for us right now' },
          { kind: 'story_or_quote', quote: 'we lose about six hours a week per rep' },
          { kind: 'customer_question', quote: 'How do you track follow-ups today?', optional: true },
        ],
      },
    });

    const tallies = tallyByKind(scoreSecondLabeller(loadSecondLabels([call], dir)));

    expect(tallies.find((t) => t.kind === 'overall')).toMatchObject({ right: 1, wrong: 1, found: 1, missed: 2 });
    expect(tallies.find((t) => t.kind === 'objection')).toMatchObject({ precision: 1, recall: 1 });
  });

  it('are refused when they name no labelled call or quote words the call does not say', () => {
    const unknown = folderWith({ 'other.json': { ideas: [{ kind: 'objection', quote: 'Does it integrate with Salesforce?' }] } });
    const invented = folderWith({ 'tiny.json': { ideas: [{ kind: 'objection', quote: 'We have no budget this year.' }] } });

    expect(() => loadSecondLabels([call], unknown)).toThrow('no labelled call other');
    expect(() => loadSecondLabels([call], invented)).toThrow('quote not found verbatim');
  });

  it('exist for calls of every round, each with its own reading of the call', () => {
    const calls = loadLabelledCalls();
    const pairs = loadSecondLabels(calls);

    expect(pairs.length).toBeGreaterThanOrEqual(16);
    for (const { first, second } of pairs) {
      expect(second.script).toBe(first.script);
      expect(second.ideas.filter((label) => !label.optional).length).toBeGreaterThanOrEqual(10);
      expect(second.ideas.map((label) => label.quote)).not.toEqual(first.ideas.map((label) => label.quote));
    }
  });
});
