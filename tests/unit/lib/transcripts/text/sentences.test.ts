import type { Segment } from '../../../../../lib/transcripts/text/segment';
import { startAt } from '../../../../../lib/transcripts/text/segment';
import { MAX_SENTENCE_WORDS, splitSentences } from '../../../../../lib/transcripts/text/sentences';
import { timedSegment } from '../make-segments';

const textsOf = (text: string) => splitSentences([{ side: 'unknown', text }]).map((sentence) => sentence.text);

describe('sentences', () => {
  it('splits at end marks followed by a space, and keeps offsets into the segment’s text', () => {
    const segment: Segment = { side: 'unknown', text: '  Hello there.  How are you?Fine! ' };

    const sentences = splitSentences([segment]);

    expect(sentences.map(({ from, to, text, question }) => ({ from, to, text, question }))).toEqual([
      { from: 2, to: 14, text: 'Hello there.', question: false },
      { from: 16, to: 33, text: 'How are you?Fine!', question: false },
    ]);
    for (const sentence of sentences) expect(segment.text.slice(sentence.from, sentence.to)).toBe(sentence.text);
  });

  it.each([
    ['Dr. Smith met Mr. Jones. Then they left.', ['Dr. Smith met Mr. Jones.', 'Then they left.']],
    ['We use it, e.g. for renewals. It works.', ['We use it, e.g. for renewals.', 'It works.']],
    ['It costs 3.5 times more. Really?', ['It costs 3.5 times more.', 'Really?']],
    ['He said "no way." We moved on.', ['He said "no way."', 'We moved on.']],
    ['Wait... what happened? Nothing.', ['Wait... what happened?', 'Nothing.']],
    ['Is that right?! Yes.', ['Is that right?!', 'Yes.']],
    ['... so yes', ['... so yes']],
    ['Okay. ... Right.', ['Okay.', 'Right.']],
  ])('splits %j', (text, expected) => {
    expect(textsOf(text)).toEqual(expected);
  });

  it('marks questions, a closing quote or bracket after the mark included', () => {
    const sentences = splitSentences([{ side: 'unknown', text: 'Is it ready?" Not yet. (Why not?) Because.' }]);

    expect(sentences.map((sentence) => sentence.question)).toEqual([true, false, true, false]);
  });

  it(`cuts speech without end marks into pieces of ${MAX_SENTENCE_WORDS} words`, () => {
    const text = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');

    const sentences = textsOf(text);

    expect(sentences.map((sentence) => sentence.split(' ').length)).toEqual([80, 80, 40]);
    expect(sentences.join(' ')).toBe(text);
  });

  it('gives each sentence the start of its first word, or its segment’s start without words, and its segment index', () => {
    const segments: Segment[] = [
      { side: 'unknown', text: 'No words here. Second one.', start: 7 },
      timedSegment('Bo', 'external', 'One two. Three four? Five.', 100, 1),
    ];

    const sentences = splitSentences(segments);

    expect(sentences.map((sentence) => [sentence.segment, sentence.start])).toEqual([
      [0, 7],
      [0, 7],
      [1, 100],
      [1, 102],
      [1, 104],
    ]);
  });

  it('leaves the start out when nothing gives one', () => {
    expect(splitSentences([{ side: 'unknown', text: 'Hi.' }])[0]).not.toHaveProperty('start');
  });

  it('finds the start of the word holding any offset', () => {
    const segment = timedSegment('Bo', 'external', 'One two. Three four? Five.', 100, 1);

    expect([0, 3, 4, 9, 25].map((offset) => startAt(segment, offset))).toEqual([100, 100, 101, 102, 104]);
  });

  // Linear in the text's length: `npm run bench` (transcript-text.bench.ts) measures it.
});
