import { neighboursOf } from '../../../../../lib/transcripts/ideas/sentence-neighbours';
import { sentenceFeatures } from '../../../../../lib/transcripts/ideas/idea-model';
import { splitSentences } from '../../../../../lib/transcripts/text/sentences';
import type { Segment } from '../../../../../lib/transcripts/text/segment';

const segments: Segment[] = [
  { side: 'internal', text: 'What happened last spring?' },
  { side: 'external', text: 'We lost a bin of soybeans. Nobody checked the readout. It happens.' },
  { side: 'internal', text: 'Ouch.' },
];

describe('sentence neighbours', () => {
  it('gives each sentence the sentences either side of it in its own turn, none across turns', () => {
    const neighbours = neighboursOf(splitSentences(segments));

    expect(neighbours).toEqual([
      {},
      { after: 'Nobody checked the readout.' },
      { before: 'We lost a bin of soybeans.', after: 'It happens.' },
      { before: 'Nobody checked the readout.' },
      {},
    ]);
  });

  it('reads the neighbours’ words apart from the sentence’s own, and none without neighbours', () => {
    const cues = { customer_question: 0, objection: 0, pain_point: 0, competitor: 0, next_step: 0, story_or_quote: 0, insight: 0 };
    const alone = sentenceFeatures('It happens.', false, 'external', cues);
    const told = sentenceFeatures('It happens.', false, 'external', cues, undefined, { before: 'We lost two bins of soybeans.' });

    expect([...alone.keys()].filter((feature) => feature.startsWith('s:'))).toEqual([]);
    expect(told.get('s:lost')).toBe(1);
    expect(told.get('s:#')).toBe(1);
    expect(told.get('w:lost')).toBeUndefined();
    expect(told.get('w:happens')).toBe(1);
  });
});
