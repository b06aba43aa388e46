import { ideaOf as idea } from './make-idea';
import type { Transcript } from '../../../../lib/store/transcripts';
import type { Analysis, Metrics } from '../../../../lib/transcripts/model/analysis';
import { ideaById, metricsView, transcriptView } from '../../../../lib/transcripts/transcript-view';

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

describe('transcriptView links', () => {
  const transcript: Transcript = {
    workspaceId: 'ws',
    callId: 'gong-7781',
    title: 'Call',
    callStartTime: '2026-11-20T15:00:00.000Z',
    url: 'https://calls.example.com/r/7781',
    participants: [],
    format: 'array',
    contentHash: 'h',
    objectKey: 'k',
    sizeBytes: 1,
    status: 'queued',
    attempts: 0,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
  };

  it('links itself, and its report page when given one', () => {
    expect(transcriptView(transcript).links).toEqual({ self: '/api/v1/transcript/gong-7781' });
    expect(transcriptView(transcript, [], { report: '/reports/r1.x.y' }).links).toEqual({
      self: '/api/v1/transcript/gong-7781',
      report: '/reports/r1.x.y',
    });
  });

  describe('ideas', () => {
    const ideas = [
      idea('objection', 'It sounds too expensive compared to what we pay today.'),
      idea('next_step', 'I will send the pilot proposal over by Friday.'),
      idea('objection', 'Cheaper.'),
    ];
    const analysed = (best?: number[]): Transcript => ({
      ...transcript,
      status: 'analysed',
      analysis: { analyser: { name: 'embedded', version: '3' }, metrics: stored({}), ideas, ...(best ? { best } : {}) },
    });

    it('lists the best ideas by default, with their ids, and the next steps apart', () => {
      const view = transcriptView(analysed([0]));

      expect(view).toMatchObject({ ideasShown: 'best', ideaCount: 3 });
      expect(view.ideas).toEqual([{ id: 'idea-1', ...ideas[0] }]);
      expect(view.nextSteps).toEqual([{ id: 'idea-2', ...ideas[1] }]);
    });

    it('chooses the best for an analysis stored before they were chosen, and lists all on request', () => {
      expect(transcriptView(analysed()).ideas?.map((shown) => shown.id)).toEqual(['idea-1']);
      expect(transcriptView(analysed([0]), [], {}, 'all').ideas?.map((shown) => shown.id)).toEqual(['idea-1', 'idea-2', 'idea-3']);
    });

    it('finds an idea by its id, and none for an id the call does not have', () => {
      const analysis = analysed().analysis as Analysis;

      expect(ideaById(analysis, 'idea-2')).toBe(ideas[1]);
      expect(ideaById(analysis, 'idea-4')).toBeUndefined();
      expect(ideaById(analysis, 'idea-0')).toBeUndefined();
      expect(ideaById(analysis, '2')).toBeUndefined();
    });
  });
});
