import type { Transcript } from '../../../../lib/store/transcripts';
import type { Metrics } from '../../../../lib/transcripts/model/analysis';
import { metricsView, transcriptView } from '../../../../lib/transcripts/transcript-view';

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
});
