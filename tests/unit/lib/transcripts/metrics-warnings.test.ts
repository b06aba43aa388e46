import { metricsWarnings } from '../../../../lib/transcripts/metrics-warnings';

describe('metricsWarnings', () => {
  it('says when timestamps cover only part of the call, how much, and how the duration and shares were found', () => {
    expect(metricsWarnings({ durationSource: 'partial_timestamps', timedShare: 0.133 })).toEqual([
      'Timestamps cover only part of the call (13.3% of its words: timedShare). durationSeconds is their span plus the untimed words ' +
        'before or after it at 150 words a minute (durationSource partial_timestamps), and shares are of words (shareBasis words).',
    ]);
  });

  it.each([
    ['timestamps', 1],
    ['estimated_from_words', 0],
    ['estimated_from_words', 0.6],
  ] as const)('warns of nothing when the duration source is %s', (durationSource, timedShare) => {
    expect(metricsWarnings({ durationSource, timedShare })).toEqual([]);
  });
});
