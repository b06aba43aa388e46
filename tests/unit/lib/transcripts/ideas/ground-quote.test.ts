import { createQuoteGrounder, groundQuote } from '../../../../../lib/transcripts/ideas/ground-quote';
import type { Segment } from '../../../../../lib/transcripts/text/segment';

/** Words of a segment object: each word's text carries its trailing space, as the providers give them. */
const wordsOf = (text: string, start: number, step = 0.5) =>
  text.split(/(?<= )/).map((word, index) => ({ text: word, start: start + index * step, end: start + index * step + step }));

const call: Segment[] = [
  {
    speaker: 'Ana',
    email: 'ana@seller.example',
    side: 'internal',
    text: 'Thanks for joining. How do you track pipeline today?',
    start: 5,
    end: 9,
  },
  {
    speaker: 'Bo',
    side: 'external',
    text: 'Honestly,  we lose  deals\nbecause nobody updates the CRM. It’s a mess. ',
    start: 3725,
    end: 3740,
    words: wordsOf('Honestly,  we lose  deals\nbecause nobody updates the CRM. It’s a mess. ', 3725),
  },
  { speaker: 'Ana', side: 'internal', text: 'That is the most common story we hear.', start: 3741 },
  { side: 'unknown', text: 'Somebody joined late and said hello to everyone.' },
];

describe('groundQuote', () => {
  it('finds a quote verbatim and gives the evidence from the segment: speaker, side, time', () => {
    expect(groundQuote(call, 'How do you track pipeline today?')).toEqual({
      quote: 'How do you track pipeline today?',
      speaker: 'Ana',
      side: 'internal',
      start: 5,
      timestamp: '00:00:05',
    });
  });

  it('matches across case and whitespace, and returns the call’s own spelling', () => {
    const evidence = groundQuote(call, 'we LOSE deals because   nobody updates the crm');

    expect(evidence).toMatchObject({ quote: 'we lose  deals\nbecause nobody updates the CRM', speaker: 'Bo', side: 'external' });
  });

  it('ignores quote marks and ellipses around the quote, and folds typographic apostrophes', () => {
    expect(groundQuote(call, '"...nobody updates the CRM..."')?.quote).toBe('nobody updates the CRM');
    expect(groundQuote(call, '“the most common story”')?.quote).toBe('the most common story');
    expect(groundQuote(call, "'It's a mess, the CRM'")).toBeUndefined();
    expect(groundQuote(call, "the CRM. It's a mess.")?.quote).toBe('the CRM. It’s a mess.');
  });

  it('accepts a quote whose final full stop the model added', () => {
    expect(groundQuote(call, 'Somebody joined late.')?.quote).toBe('Somebody joined late');
  });

  it('times a quote by the word holding its first character when the segment has words', () => {
    // Split at spaces, `nobody` is word 6 (a lone space and `deals\nbecause ` are words too): 3725 + 6 * 0.5.
    expect(groundQuote(call, 'nobody updates the CRM')).toMatchObject({ start: 3728, timestamp: '01:02:08' });
    expect(groundQuote(call, 'Honestly, we lose deals')).toMatchObject({ start: 3725, timestamp: '01:02:05' });
  });

  it('times a quote by the segment start without words, and not at all without either', () => {
    expect(groundQuote(call, 'the most common story we hear')).toMatchObject({ start: 3741, timestamp: '01:02:21' });
    const untimed = groundQuote(call, 'said hello to everyone');
    expect(untimed).toEqual({ quote: 'said hello to everyone', side: 'unknown' });
  });

  it('falls back to the segment start when the words do not spell the text', () => {
    const segments: Segment[] = [
      { side: 'external', text: 'We need it by March', start: 60, words: wordsOf('Something else entirely said', 10) },
    ];

    expect(groundQuote(segments, 'need it by March')).toMatchObject({ start: 60, timestamp: '00:01:00' });
  });

  it('tolerates a text trimmed of the words’ trailing space', () => {
    const text = 'we want fewer tools not more ';
    const segments: Segment[] = [{ side: 'external', text: text.trim(), start: 100, words: wordsOf(text, 100, 1) }];

    expect(groundQuote(segments, 'fewer tools not more')).toMatchObject({ start: 102 });
  });

  it('refuses a quote spanning two segments', () => {
    expect(groundQuote(call, 'How do you track pipeline today? Honestly, we lose deals')).toBeUndefined();
    expect(groundQuote(call, 'pipeline today honestly we')).toBeUndefined();
  });

  it('refuses quotes under 3 words, over 600 characters, and ones the call does not contain', () => {
    expect(groundQuote(call, 'the CRM')).toBeUndefined();
    expect(groundQuote(call, '"It’s a mess."')).toMatchObject({ quote: 'It’s a mess.' });
    expect(groundQuote(call, '... , ...')).toBeUndefined();
    expect(groundQuote(call, 'We lose deals because the CRM is bad')).toBeUndefined();

    const long = `${'word '.repeat(130)}end`;
    const segments: Segment[] = [{ side: 'internal', text: long }];
    expect(groundQuote(segments, long)).toBeUndefined();
    expect(groundQuote(segments, 'word word end')).toMatchObject({ quote: 'word word end' });
  });

  it('maps back exactly through characters that lowercase longer and astral ones', () => {
    const segments: Segment[] = [{ side: 'external', text: 'Our İstanbul  office loves it 😀 truly', start: 1 }];

    expect(groundQuote(segments, 'İSTANBUL office loves')?.quote).toBe('İstanbul  office loves');
    expect(groundQuote(segments, 'office loves it 😀')?.quote).toBe('office loves it 😀');
    expect(createQuoteGrounder(segments)('loves it 😀 truly')).toMatchObject({ from: 21, to: 38 });
  });

  it('finds nothing in an empty call', () => {
    expect(groundQuote([], 'anything at all here')).toBeUndefined();
  });

  it('tells where the quote is, for merging ideas quoting one place', () => {
    const ground = createQuoteGrounder(call);

    expect(ground('nobody updates the CRM')).toMatchObject({ segment: 1, from: 34, to: 56 });
    expect(call[1]!.text.slice(34, 56)).toBe('nobody updates the CRM');
  });

  // How fast, and that it grows linearly: `npm run bench` (transcript-text.bench.ts).
  it('grounds 20 quotes in a 10-hour call (90k words), building the search once', () => {
    const vocabulary = ['pipeline', 'budget', 'renewal', 'forecast', 'quarter', 'team', 'deal', 'price', 'tool', 'data'];
    const segments: Segment[] = [];
    let word = 0;
    for (let index = 0; index < 6000; index += 1) {
      const text = Array.from({ length: 15 }, () => vocabulary[(word++ * 7) % vocabulary.length]).join(' ');
      segments.push({
        speaker: index % 2 ? 'Bo' : 'Ana',
        side: index % 2 ? 'external' : 'internal',
        text: `${text} number ${index}.`,
        start: index * 6,
      });
    }
    // Quotes the call does not contain are the worst case: the whole text is searched.
    const quotes = Array.from({ length: 20 }, (_, index) => `tool data NUMBER ${5900 + index}.${index}`);
    quotes[0] = segments[5999]!.text.split(' ').slice(-4).join(' ').toUpperCase();

    const ground = createQuoteGrounder(segments);
    const results = quotes.map((quote) => ground(quote));

    expect(results[0]).toMatchObject({ segment: 5999, evidence: { speaker: 'Bo', start: 5999 * 6 } });
    expect(results.slice(1).every((result) => result === undefined)).toBe(true);
  });
});
