import { groupNearDuplicates, jaccard, meaningfulWords } from '../../../../../lib/transcripts/ideas/near-duplicates';

describe('near-duplicates', () => {
  it('keeps the words that carry meaning: lower case, no stop words, no plural s (on words of four letters or more)', () => {
    expect([...meaningfulWords('So, our reps track their follow-ups in Spreadsheets!')]).toEqual([
      'rep',
      'track',
      'follow',
      'ups',
      'spreadsheet',
    ]);
  });

  it('measures overlap as Jaccard', () => {
    expect(jaccard(new Set(['a', 'b', 'c']), new Set(['b', 'c', 'd']))).toBe(0.5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('groups items whose words overlap by 0.6 or more with a group’s first item, in order', () => {
    const groups = groupNearDuplicates(
      [
        'Does it integrate with Salesforce?',
        'What does it cost per seat?',
        'Just to confirm, it integrates with Salesforce?',
        'Is it priced per seat?',
        'Hello.',
      ],
      (text) => text,
    );

    expect(groups).toEqual([
      ['Does it integrate with Salesforce?', 'Just to confirm, it integrates with Salesforce?'],
      ['What does it cost per seat?'],
      ['Is it priced per seat?'],
      ['Hello.'],
    ]);
  });

  it('groups texts made only of stop words when they are the same text', () => {
    expect(groupNearDuplicates(['Yes it is.', 'yes it is.', 'No.'], (text) => text.replace(/\.$/, ''))).toEqual([
      ['Yes it is.', 'yes it is.'],
      ['No.'],
    ]);
  });
});
