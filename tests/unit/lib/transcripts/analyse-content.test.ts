import { validate } from '../../../../lib/schemas/validate';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { analyseContent } from '../../../../lib/transcripts/analyse-content';
import { analysisSchema } from '../../../../lib/transcripts/model/analysis';

const requestOf = (transcript: unknown[]) =>
  validate(transcriptRequestSchema, {
    title: 'Discovery call',
    call_id: 'mixed-1',
    call_start_time: '2026-11-20T15:00:00Z',
    url: 'https://calls.example.com/r/1',
    participants: ['sam@acme-sales.example', 'jane.doe@globex.example'],
    transcript,
  });
const untimed = 'Jane Doe: Our reps waste hours every week copying call notes into spreadsheets by hand.';
const timed = (type: string) => ({
  words: [
    { text: 'Sounds ', startTimestamp: 10, endTimestamp: 10.4 },
    { text: 'painful.', startTimestamp: 10.4, endTimestamp: 10.8 },
  ],
  speaker: { name: 'Sam', type },
});

describe('analyseContent with the embedded analyser', () => {
  it('does not give the 0.8 s of one timed segment as the duration of a call with an untimed string, and warns that timing is partial', async () => {
    const request = requestOf([untimed, timed('internal')]);

    const analysis = await analyseContent(request, ['acme-sales.example'], { name: 'embedded' });

    expect(analysis.metrics).toMatchObject({
      durationSeconds: 6,
      durationSource: 'partial_timestamps',
      timedShare: 0.133,
      shareBasis: 'words',
    });
    expect(analysis.warnings).toEqual([expect.stringMatching(/^Timestamps cover only part of the call \(13\.3% of its words/)]);
    expect(analysisSchema.parse(analysis)).toEqual(analysis);
  });

  it('keeps the warning of a speaker type that states no side, and sides that speaker by its email', async () => {
    const request = requestOf([timed('host'), { ...timed('host'), speaker: { name: 'Jane Doe', type: 'guest' } }]);

    const analysis = await analyseContent(request, ['acme-sales.example'], { name: 'embedded' });

    expect(analysis.warnings).toEqual([expect.stringMatching(/^speaker\.type "host", "guest" are neither internal nor external/)]);
    expect(analysis.metrics.speakers.map((speaker) => [speaker.name, speaker.side])).toEqual([
      ['Sam', 'internal'],
      ['Jane Doe', 'external'],
    ]);
  });

  it('warns of nothing for a call every segment of which is timed', async () => {
    const analysis = await analyseContent(requestOf([timed('internal')]), ['acme-sales.example'], { name: 'embedded' });

    expect(analysis).not.toHaveProperty('warnings');
    expect(analysis.metrics).toMatchObject({ durationSource: 'timestamps', timedShare: 1 });
  });
});
