import type { Metrics } from '../../../../lib/transcripts/model/analysis';
import { metricsView } from '../../../../lib/transcripts/transcript-view';

const stored = (metrics: Partial<Metrics>) => ({ durationSeconds: 60, words: 150, segments: 3, ...metrics }) as Metrics;

describe('metricsView', () => {
  it('shows the timedShare an analysis measured', () => {
    expect(metricsView(stored({ durationSource: 'partial_timestamps', timedShare: 0.4 })).timedShare).toBe(0.4);
  });

  it('gives an analysis stored before timedShare existed the share its duration source implies', () => {
    expect(metricsView(stored({ durationSource: 'timestamps' })).timedShare).toBe(1);
    expect(metricsView(stored({ durationSource: 'estimated_from_words' })).timedShare).toBe(0);
  });
});
