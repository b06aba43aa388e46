import { buildReportModel, MAX_SHOWN_TRANSCRIPT_CHARS, withAnalysedSides } from '../../../../lib/reports/report-model';
import type { TextPiece } from '../../../../lib/reports/report-model';
import { MAX_TIMELINE_LANES } from '../../../../lib/reports/report-timeline';
import type { ContentIdea } from '../../../../lib/transcripts/model/analysis';
import { evidenceAt } from '../../../../lib/transcripts/ideas/evidence';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { validate } from '../../../../lib/schemas/validate';
import { normaliseTranscript } from '../../../../lib/transcripts/normalise-transcript';
import type { Segment } from '../../../../lib/transcripts/text/segment';
import { timedSegment } from '../transcripts/make-segments';
import { analysedTranscript, salesCall, salesCallText } from './analysed-transcript';

const expiry = new Date('2026-12-20T16:00:00.000Z');

/** An idea of `kind` quoting `text` of the segment at `index` (as both analysers make evidence). */
function ideaQuoting(segments: Segment[], index: number, text: string, kind: ContentIdea['kind'] = 'customer_question'): ContentIdea {
  const segment = segments[index]!;
  const from = segment.text.indexOf(text);
  if (from < 0) throw new Error(`"${text}" is not in segment ${index}`);
  return {
    kind,
    hook: `Hook: ${text}`,
    angle: `Angle: ${text}`,
    score: 0.8,
    mentions: 1,
    evidence: [evidenceAt(segment, from, from + text.length)],
  };
}

/** The highlighted pieces of a model's transcript, with the text each holds. */
function marksOf(model: ReturnType<typeof buildReportModel>): Array<{ text: string; anchors: string[]; ranks: number[] }> {
  if (!model.transcript.available) return [];
  return model.transcript.turns
    .flatMap((turn) => turn.paragraphs.flat())
    .filter((piece): piece is Required<TextPiece> => piece.mark !== undefined)
    .map((piece) => ({ text: piece.text, anchors: piece.mark.anchors, ranks: piece.mark.ideas.map((idea) => idea.rank) }));
}

describe('the report of the realistic sales call (segment objects with word times)', () => {
  const { transcript, segments } = analysedTranscript(salesCall);
  const model = buildReportModel(transcript, segments, expiry);
  const { metrics, ideas } = transcript.analysis;

  it("shows the analysis' talk per side and speaker, and the talk-to-listen ratio of internal to external talk time", () => {
    expect(model.talk.basis).toBe('talk_time');
    expect(model.talk.sides.map((row) => [row.side, row.share])).toEqual([
      ['internal', metrics.sides.internal.share],
      ['external', metrics.sides.external.share],
    ]);
    expect(model.talk.speakers.map((row) => row.name)).toEqual(metrics.speakers.map((speaker) => speaker.name));
    const { internal, external } = metrics.sides;
    expect(model.talk.talkToListen!.internal).toBeCloseTo(internal.talkSeconds! / (internal.talkSeconds! + external.talkSeconds!), 6);
    expect(model.talk.talkToListen!.internal + model.talk.talkToListen!.external).toBeCloseTo(1, 9);
    expect(model.linkExpiresAt).toBe('2026-12-20T16:00:00.000Z');
  });

  it('draws a lane per speaker, the longest monologue on its own, and a mark per question and objection quote', () => {
    if (!model.timeline.timed) throw new Error('the call has times');
    const { lanes, marks, monologue, axisSeconds } = model.timeline;

    expect(lanes.map((lane) => lane.name)).toEqual(metrics.speakers.map((speaker) => speaker.name));
    expect(lanes.every((lane) => lane.spans.every((span) => span.start <= span.end && span.end <= axisSeconds))).toBe(true);
    expect(axisSeconds).toBeGreaterThanOrEqual(metrics.durationSeconds);
    const quoted = ideas
      .filter((idea) => idea.kind === 'customer_question' || idea.kind === 'objection')
      .flatMap((idea) => idea.evidence.map((evidence) => evidence.start));
    expect(marks).toHaveLength(quoted.length);
    expect(marks.map((mark) => mark.at)).toEqual([...quoted].sort((a, b) => a! - b!));
    expect(monologue).toMatchObject({ speaker: metrics.longestMonologue!.speaker, start: metrics.longestMonologue!.start });
    expect(lanes[monologue!.lane]!.name).toBe(metrics.longestMonologue!.speaker);
    expect(model.timeline.partial).toBe(false);
  });

  it('ranks the ideas as stored, each quote linked to its moment in the recording and to its highlighted place in the transcript', () => {
    expect(model.ideas.map((idea) => [idea.rank, idea.kind, idea.hook])).toEqual(ideas.map((idea, i) => [i + 1, idea.kind, idea.hook]));
    const evidence = model.ideas.flatMap((idea) => idea.evidence);
    for (const card of evidence) {
      expect(card.recordingUrl).toMatch(/^https:\/\/calls\.acme-sales\.example\/recordings\/northwind-discovery-2025-03-11#t=\d+$/);
      expect(card.anchor).toMatch(/^quote-\d+-[1-3]$/);
    }
    const first = ideas[0]!.evidence[0]!;
    expect(model.ideas[0]!.evidence[0]!.recordingUrl).toBe(`${salesCall.url as string}#t=${Math.floor(first.start!)}`);
    // Every quote is marked once, on its very words (overlapping quotes of two ideas share a mark).
    const marks = marksOf(model);
    expect(marks.flatMap((mark) => mark.anchors).sort()).toEqual(evidence.map((card) => card.anchor).sort());
    for (const mark of marks) {
      for (const anchor of mark.anchors) {
        const [, rank, n] = /^quote-(\d+)-(\d)$/.exec(anchor)!;
        expect(mark.text).toContain(ideas[Number(rank) - 1]!.evidence[Number(n) - 1]!.quote);
      }
    }
  });

  it('shows the transcript as turns, each with its speaker, side and time, its text whole and in order', () => {
    if (!model.transcript.available) throw new Error('the text is there');
    const { turns } = model.transcript;

    expect(model.transcript.truncated).toBeUndefined();
    expect(turns[0]).toMatchObject({ speaker: 'Sam Rivera', side: 'internal', start: segments[0]!.start });
    expect(turns.every((turn, i) => i === 0 || turn.speaker !== turns[i - 1]!.speaker)).toBe(true);
    const text = turns.flatMap((turn) => turn.paragraphs.map((pieces) => pieces.map((piece) => piece.text).join('')));
    expect(text).toEqual(segments.map((segment) => segment.text));
  });
});

describe('the report of a plaintext call without timestamps', () => {
  const untimed = salesCallText.replace(/^\[\d\d:\d\d:\d\d\] /gm, '');
  const { transcript, segments } = analysedTranscript({ ...salesCall, format: 'plaintext', transcript: untimed });
  const model = buildReportModel(transcript, segments);

  it('has no timeline, and says why instead of drawing one', () => {
    expect(model.timeline).toEqual({ timed: false, reason: expect.stringMatching(/no timestamps/) });
    expect(model.durationSource).toBe('estimated_from_words');
    expect(model.talk.basis).toBe('words');
    expect(model.talk.talkToListen).not.toBeNull();
  });

  it('gives no time and no recording moment anywhere, but still highlights every quote', () => {
    if (!model.transcript.available) throw new Error('the text is there');
    expect(model.transcript.turns.every((turn) => turn.start === undefined)).toBe(true);
    const evidence = model.ideas.flatMap((idea) => idea.evidence);
    expect(evidence.length).toBeGreaterThan(5);
    expect(evidence.every((card) => card.timestamp === undefined && card.recordingUrl === undefined && card.anchor !== undefined)).toBe(
      true,
    );
    expect(model.linkExpiresAt).toBeUndefined();
  });
});

describe('quotes in the transcript', () => {
  const body = {
    ...salesCall,
    format: 'array',
    transcript: [
      'Sam Rivera: How much is it?',
      'Dana Whitfield: How much is it? We pay   Outreach "twice" that today.',
      'Dana Whitfield: And our CFO signs anything over ten thousand.',
    ],
  };

  it('finds a quote said twice where its speaker said it', () => {
    const { transcript, segments } = analysedTranscript(body, (s) => [ideaQuoting(s, 1, 'How much is it?')]);

    const model = buildReportModel(transcript, segments);

    if (!model.transcript.available) throw new Error('the text is there');
    expect(model.transcript.turns[0]!.paragraphs[0]).toEqual([{ text: 'How much is it?' }]);
    expect(model.transcript.turns[1]!.paragraphs[0]![0]).toEqual({
      text: 'How much is it?',
      mark: { ideas: [{ kind: 'customer_question', rank: 1 }], anchors: ['quote-1-1'] },
    });
  });

  it('finds a quote spaced, cased or quoted otherwise (an LLM’s), and leaves one never said unmarked', () => {
    const { transcript, segments } = analysedTranscript(body, (s) => {
      const idea = ideaQuoting(s, 1, 'We pay   Outreach "twice" that today.', 'objection');
      const reworded = { ...idea, evidence: [{ ...idea.evidence[0]!, quote: 'we pay Outreach “twice” that today.' }] };
      const unsaid = { ...idea, evidence: [{ ...idea.evidence[0]!, quote: 'Nobody said this.' }] };
      return [reworded, unsaid];
    });

    const model = buildReportModel(transcript, segments);

    expect(marksOf(model)).toEqual([{ text: 'We pay   Outreach "twice" that today.', anchors: ['quote-1-1'], ranks: [1] }]);
    expect(model.ideas.map((idea) => idea.evidence[0]!.anchor)).toEqual(['quote-1-1', undefined]);
  });

  it('makes one mark of overlapping quotes of two ideas, which both link to', () => {
    const { transcript, segments } = analysedTranscript(body, (s) => [
      ideaQuoting(s, 1, 'How much is it? We pay', 'customer_question'),
      ideaQuoting(s, 1, 'We pay   Outreach "twice" that today.', 'objection'),
    ]);

    const model = buildReportModel(transcript, segments);

    expect(marksOf(model)).toEqual([
      { text: 'How much is it? We pay   Outreach "twice" that today.', anchors: ['quote-1-1', 'quote-2-1'], ranks: [1, 2] },
    ]);
  });
});

describe('the report, read back', () => {
  it("shows each speaker's side as the analysis decided it, whatever the workspace's domains say now", () => {
    const { transcript } = analysedTranscript(salesCall);
    // The same call, its speakers without a type: read with no workspace domain, no side is known.
    const untyped = validate(transcriptRequestSchema, {
      ...salesCall,
      transcript: (salesCall.transcript as Array<Record<string, unknown>>).map(({ speaker, words }) => ({
        speaker: { name: (speaker as { name: string }).name },
        words,
      })),
    });
    const now = normaliseTranscript(untyped, []);
    expect(new Set(now.map((segment) => segment.side))).toEqual(new Set(['unknown']));

    const sided = withAnalysedSides(now, transcript.analysis.metrics);

    expect(sided.find((segment) => segment.speaker === 'Dana Whitfield')!.side).toBe('external');
    expect(sided.find((segment) => segment.speaker === 'Priya Nair')!.side).toBe('internal');
  });

  it('without its text (gone from storage): the analysis, and a notice where the timeline and the transcript would be', () => {
    const { transcript } = analysedTranscript(salesCall);

    const model = buildReportModel(transcript, undefined);

    expect(model.timeline).toEqual({ timed: false, reason: expect.stringMatching(/no longer stored/) });
    expect(model.transcript).toEqual({ available: false, reason: expect.stringMatching(/no longer stored/) });
    expect(model.ideas).toHaveLength(transcript.analysis.ideas.length);
    expect(model.ideas.flatMap((idea) => idea.evidence).some((card) => card.anchor !== undefined)).toBe(false);
  });

  it('shows the first turns of a call too long for one page, saying so, and links only to quotes it shows', () => {
    const line = `${'word '.repeat(199)}end.`;
    const turns = Math.ceil(MAX_SHOWN_TRANSCRIPT_CHARS / line.length) + 20;
    const transcriptText = Array.from({ length: turns }, (_, i) => `${i % 2 ? 'Dana Whitfield' : 'Sam Rivera'}: Line ${i}. ${line}`).join(
      '\n',
    );
    const { transcript, segments } = analysedTranscript({ ...salesCall, format: 'plaintext', transcript: transcriptText }, (s) => [
      ideaQuoting(s, 1, 'Line 1. word'),
      ideaQuoting(s, turns - 1, `Line ${turns - 1}. word`),
    ]);

    const model = buildReportModel(transcript, segments);

    if (!model.transcript.available) throw new Error('the text is there');
    const shownChars = model.transcript.turns.flatMap((turn) => turn.paragraphs.flat()).reduce((sum, piece) => sum + piece.text.length, 0);
    expect(model.transcript.truncated).toEqual({ shownTurns: model.transcript.turns.length, totalTurns: turns });
    expect(shownChars).toBeLessThanOrEqual(MAX_SHOWN_TRANSCRIPT_CHARS);
    expect(model.ideas.map((idea) => idea.evidence[0]!.anchor)).toEqual(['quote-1-1', undefined]);
  });
});

describe('the timeline', () => {
  const speakers = Array.from({ length: MAX_TIMELINE_LANES + 3 }, (_, i) => (i === 0 ? 'Other speakers' : `Speaker ${i}`));
  const segments = speakers.flatMap((name, i) => [
    // Two turns each, one second apart: drawn as one span at the timeline's resolution.
    timedSegment(name, i % 2 ? 'external' : 'internal', 'One two three four five six.', 100 * i, 0.5),
    timedSegment(name, i % 2 ? 'external' : 'internal', 'Seven eight nine.', 100 * i + 4, 0.5),
  ]);
  // The speaker named "Other speakers" talks longest (a monologue of 80 s).
  segments.push(timedSegment('Other speakers', 'internal', 'word '.repeat(160).trim(), 2000, 0.5));

  it(`gives the ${MAX_TIMELINE_LANES} most talkative a lane each, the others one together, and finds the monologue by lane, not by name`, () => {
    const measured = analysedTranscript({
      ...salesCall,
      transcript: segments.map((segment) => ({
        speaker: { name: segment.speaker, type: segment.side },
        words: segment.words!.map((word) => ({ text: word.text, startTimestamp: word.start, endTimestamp: word.end })),
      })),
    });

    const model = buildReportModel(measured.transcript, measured.segments);

    if (!model.timeline.timed) throw new Error('the call has times');
    const { lanes, monologue } = model.timeline;
    expect(lanes).toHaveLength(MAX_TIMELINE_LANES + 1);
    expect(lanes.at(-1)).toMatchObject({ name: 'Other speakers', side: 'mixed' });
    expect(lanes[0]).toMatchObject({ name: 'Other speakers', side: 'internal' });
    expect(monologue).toMatchObject({ lane: 0, speaker: 'Other speakers', start: 2000 });
    // A speaker's close turns are one span; the longest speaker's far one another.
    expect(lanes[1]!.spans).toHaveLength(1);
    expect(lanes[0]!.spans).toHaveLength(2);
  });
});
