import { metricsSchema } from '../../../../lib/transcripts/model/analysis';
import type { Segment } from '../../../../lib/transcripts/text/segment';
import { measureTranscript, UNKNOWN_SPEAKER } from '../../../../lib/transcripts/transcript-metrics';

const timedCall: Segment[] = [
  { speaker: 'Ana', email: 'ana@acme.example', side: 'internal', text: 'Hi Bo. How are you?', start: 0, end: 4 },
  { speaker: 'Bo', side: 'external', text: 'Good thanks. Can we talk pricing?', start: 4, end: 10 },
  { speaker: 'Bo', side: 'external', text: 'We pay too much today.', start: 10, end: 14 },
  { speaker: 'Ana', email: 'ana@acme.example', side: 'internal', text: 'Understood.', start: 15, end: 16 },
];
const untimed = (segments: Segment[]): Segment[] => segments.map(({ start: _start, end: _end, ...rest }) => rest);
const noTalk = { words: 0, talkSeconds: null, share: 0, questions: 0, turns: 0 };

describe('measureTranscript', () => {
  it('measures talk time, shares, questions and turns per speaker and per side from the timestamps', () => {
    const metrics = measureTranscript(timedCall);

    expect(metrics).toEqual({
      durationSeconds: 16,
      durationSource: 'timestamps',
      timedShare: 1,
      words: 17,
      segments: 4,
      shareBasis: 'talk_time',
      speakers: [
        { name: 'Bo', side: 'external', words: 11, talkSeconds: 10, share: 0.667, questions: 1, turns: 1 },
        { name: 'Ana', email: 'ana@acme.example', side: 'internal', words: 6, talkSeconds: 5, share: 0.333, questions: 1, turns: 2 },
      ],
      sides: {
        internal: { words: 6, talkSeconds: 5, share: 0.333, questions: 1, turns: 2 },
        external: { words: 11, talkSeconds: 10, share: 0.667, questions: 1, turns: 1 },
        unknown: noTalk,
      },
      longestMonologue: { speaker: 'Bo', side: 'external', words: 11, seconds: 10, start: 4 },
    });
    expect(metricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('falls back to shares of words and a duration estimated at 150 words a minute without timestamps', () => {
    const metrics = measureTranscript([...untimed(timedCall), { side: 'unknown', text: 'Hello everyone' }]);

    expect(metrics).toMatchObject({
      durationSeconds: 7.6,
      durationSource: 'estimated_from_words',
      timedShare: 0,
      words: 19,
      shareBasis: 'words',
      speakers: [
        { name: 'Bo', words: 11, talkSeconds: null, share: 0.579 },
        { name: 'Ana', words: 6, talkSeconds: null, share: 0.316 },
      ],
      sides: { unknown: { words: 2, talkSeconds: null, share: 0.105, questions: 0, turns: 1 } },
      longestMonologue: { speaker: 'Bo', side: 'external', words: 11, seconds: null },
    });
    expect(metrics.longestMonologue).not.toHaveProperty('start');
  });

  // Found by a new user: a plaintext call with a timestamp on every line reported timedShare 1 but
  // shares of words, and its report page said both "from its timestamps" and that it had none for all.
  it("shares talk time when only the call's last line has a start and no end, timing it by its words", () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'One two three.', start: 5, end: 9 },
      { speaker: 'Bo', side: 'external', text: 'Four.', start: 9 },
    ];

    const metrics = measureTranscript(call);

    expect(metrics.shareBasis).toBe('talk_time');
    // 4 s, and one word at 150 a minute.
    expect(metrics.durationSeconds).toBe(4.4);
    expect(metrics.durationSource).toBe('timestamps');
    expect(metrics.timedShare).toBe(1);
    expect(metrics.speakers.map((speaker) => [speaker.name, speaker.share, speaker.talkSeconds])).toEqual([
      ['Ana', 0.909, 4],
      ['Bo', 0.091, 0.4],
    ]);
  });

  it('shares words when a segment with words before the last has no end', () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'One two three.', start: 5 },
      { speaker: 'Bo', side: 'external', text: 'Four.', start: 9, end: 10 },
    ];

    const metrics = measureTranscript(call);

    expect(metrics.shareBasis).toBe('words');
    expect(metrics.speakers.map((speaker) => [speaker.name, speaker.share, speaker.talkSeconds])).toEqual([
      ['Ana', 0.75, null],
      ['Bo', 0.25, 1],
    ]);
  });

  it('does not take the span of the timed segments for the call when some segments with words have no time: partial_timestamps, with the share timed', () => {
    const call: Segment[] = [
      { speaker: 'Jane Doe', side: 'unknown', text: 'Our reps waste hours every week copying call notes into spreadsheets by hand.' },
      { speaker: 'Sam', side: 'internal', text: 'Sounds painful.', start: 10, end: 10.8 },
    ];

    const metrics = measureTranscript(call);

    // 0.8 s timed, and the 13 untimed words before it at 150 words a minute (5.2 s).
    expect(metrics).toMatchObject({
      durationSeconds: 6,
      durationSource: 'partial_timestamps',
      timedShare: 0.133,
      words: 15,
      shareBasis: 'words',
    });
    expect(metrics.speakers.map((speaker) => [speaker.name, speaker.talkSeconds, speaker.share])).toEqual([
      ['Jane Doe', null, 0.867],
      ['Sam', 0.8, 0.133],
    ]);
    expect(metricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('adds no estimate for untimed segments between timed ones (the span holds them), and still says the timing is partial', () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'One two.', start: 0, end: 2 },
      { side: 'unknown', text: 'A note taken during the call.' },
      { speaker: 'Bo', side: 'external', text: 'Three four.', start: 30, end: 32 },
      { speaker: 'Bo', side: 'external', text: 'Five six seven eight nine ten.' },
    ];

    const metrics = measureTranscript(call);

    // 32 s from the first time to the last, and the 6 words after the last timed segment (2.4 s).
    expect(metrics).toMatchObject({ durationSeconds: 34.4, durationSource: 'partial_timestamps', timedShare: 0.25 });
  });

  it('keeps timedShare below 1 and above 0 while the timing is partial, however small the untimed or timed part', () => {
    const long = 'word '.repeat(5000);

    const mostlyTimed = measureTranscript([
      { side: 'unknown', text: long, start: 0, end: 2000 },
      { side: 'unknown', text: 'untimed' },
    ]);
    const barelyTimed = measureTranscript([
      { side: 'unknown', text: 'timed', start: 0, end: 1 },
      { side: 'unknown', text: long },
    ]);

    expect([mostlyTimed.timedShare, mostlyTimed.durationSource]).toEqual([0.999, 'partial_timestamps']);
    expect([barelyTimed.timedShare, barelyTimed.durationSource]).toEqual([0.001, 'partial_timestamps']);
  });

  it('estimates the duration from the words when the timed part spans no time', () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'One two three.', start: 5 },
      { speaker: 'Bo', side: 'external', text: 'Four five.' },
    ];

    const metrics = measureTranscript(call);

    expect(metrics).toMatchObject({ durationSeconds: 2, durationSource: 'estimated_from_words', timedShare: 0.6 });
  });

  it('finds the longest monologue by words without timestamps, across one speaker’s consecutive segments, the first of equals', () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'a b c d' },
      { speaker: 'Bo', side: 'external', text: 'a b c' },
      { speaker: 'Bo', side: 'external', text: 'd e' },
      { speaker: 'Ana', side: 'internal', text: 'a b c d e' },
    ];

    expect(measureTranscript(call).longestMonologue).toEqual({ speaker: 'Bo', side: 'external', words: 5, seconds: null });
  });

  it('counts each unnamed segment as a turn of its own, named UNKNOWN_SPEAKER when it is the longest monologue', () => {
    const call: Segment[] = [
      { side: 'unknown', text: 'one two three' },
      { side: 'unknown', text: 'four five' },
    ];

    const metrics = measureTranscript(call);

    expect(metrics.sides.unknown.turns).toBe(2);
    expect(metrics.speakers).toEqual([]);
    expect(metrics.longestMonologue).toEqual({ speaker: UNKNOWN_SPEAKER, side: 'unknown', words: 3, seconds: null });
  });

  it('counts questions per side: sentences that end with a question mark', () => {
    const call: Segment[] = [
      { speaker: 'Ana', side: 'internal', text: 'Is it? Yes. Really?!' },
      { speaker: 'Bo', side: 'external', text: 'What about "pricing?" And the 3.5 version?' },
    ];

    const metrics = measureTranscript(call);

    expect([metrics.sides.internal.questions, metrics.sides.external.questions]).toEqual([2, 2]);
  });

  it('lists at most 50 speakers, most talkative first, and still counts the others in their side', () => {
    const call: Segment[] = Array.from({ length: 60 }, (_, index) => ({
      speaker: `Speaker ${index + 1}`,
      side: 'external',
      text: 'word '.repeat(index + 1),
    }));

    const metrics = measureTranscript(call);

    expect(metrics.speakers).toHaveLength(50);
    expect(metrics.speakers[0]?.name).toBe('Speaker 60');
    expect(metrics.sides.external.words).toBe((60 * 61) / 2);
  });

  it('measures an empty call', () => {
    const metrics = measureTranscript([]);

    expect(metrics).toEqual({
      durationSeconds: 0,
      durationSource: 'estimated_from_words',
      timedShare: 0,
      words: 0,
      segments: 0,
      shareBasis: 'words',
      speakers: [],
      sides: { internal: noTalk, external: noTalk, unknown: noTalk },
      longestMonologue: null,
    });
  });
});
