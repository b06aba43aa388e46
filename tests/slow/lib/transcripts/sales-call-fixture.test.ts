import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { analysisSchema, type Analysis, type IdeaKind } from '../../../../lib/transcripts/model/analysis';
import { analyseEmbedded } from '../../../../lib/transcripts/embedded-analyser';
import { normaliseTranscript } from '../../../../lib/transcripts/normalise-transcript';

const fixtures = join(__dirname, '../../../fixtures/transcripts');
const workspaceDomains = ['acme-sales.example'];
const request = transcriptRequestSchema.parse(JSON.parse(readFileSync(join(fixtures, 'sales-call.json'), 'utf8')));
const segments = normaliseTranscript(request, workspaceDomains);
const analysis = analyseEmbedded(segments);
const plaintextSegments = normaliseTranscript(
  { transcript: readFileSync(join(fixtures, 'sales-call.txt'), 'utf8'), format: 'plaintext', participants: request.participants },
  workspaceDomains,
);
const plaintext = analyseEmbedded(plaintextSegments);

const quotesOf = (result: Analysis, kind?: IdeaKind) =>
  result.ideas
    .filter((idea) => kind === undefined || idea.kind === kind)
    .flatMap((idea) => idea.evidence.map((evidence) => evidence.quote));

describe('the sales-call fixture', () => {
  it('is a valid request of a 20 to 30 minute call', () => {
    expect(request.format).toBe('array');
    expect(analysis.metrics.durationSource).toBe('timestamps');
    expect(analysis.metrics.durationSeconds).toBeGreaterThan(20 * 60);
    expect(analysis.metrics.durationSeconds).toBeLessThan(30 * 60);
    expect(analysisSchema.parse(analysis)).toEqual(analysis);
  });

  it('tells every speaker’s side: from the type, from the email’s domain, or from the participant the name matches', () => {
    const speakers = analysis.metrics.speakers.map(({ name, email, side }) => ({ name, email, side }));

    expect(speakers).toEqual(
      expect.arrayContaining([
        { name: 'Sam Rivera', email: 'sam.rivera@acme-sales.example', side: 'internal' },
        { name: 'Priya Nair', email: 'priya.nair@acme-sales.example', side: 'internal' },
        { name: 'Dana Whitfield', email: 'dana.whitfield@northwind-logistics.example', side: 'external' },
        { name: 'Marcus Lee', email: 'marcus.lee@northwind-logistics.example', side: 'external' },
        { name: 'Elena Petrova', email: 'epetrova@northwind-logistics.example', side: 'external' },
      ]),
    );
    expect(speakers).toHaveLength(5);
  });

  it.each([
    ['customer_question', 'integrate with Salesforce'],
    ['customer_question', 'per seat'],
    ['customer_question', 'SOC 2'],
    ['customer_question', 'onboarding'],
    ['objection', 'twice what we pay for Outreach'],
    ['objection', 'already use Gong'],
    ['objection', 'security review'],
    ['objection', 'next quarter at the earliest'],
    ['pain_point', 'manual data entry'],
    ['pain_point', 'spreadsheets'],
    // A bad experience raised as a reason to hesitate: an objection before a story.
    ['objection', 'usage dropped to ten percent'],
    ['competitor', 'Salesloft offered us a discount'],
    ['next_step', 'a one-page payback estimate to Dana by Friday'],
    ['insight', 'most teams'],
  ] as const)('finds a %s about %j', (kind, phrase) => {
    expect(quotesOf(analysis, kind).some((quote) => quote.includes(phrase))).toBe(true);
  });

  it('merges the repeated Salesforce question into one idea with two mentions', () => {
    const salesforce = analysis.ideas.filter(
      (idea) => idea.kind === 'customer_question' && idea.evidence[0]?.quote.includes('integrate with Salesforce'),
    );

    expect(salesforce).toHaveLength(1);
    expect(salesforce[0]?.mentions).toBe(2);
  });

  it('takes no small talk and no seller’s discovery question for an idea', () => {
    const quotes = quotesOf(analysis).join('\n');

    for (const phrase of [
      'hear me',
      'weather',
      'weekend',
      'see my screen',
      'make sense',
      "what's your budget",
      'your process look like',
      'Who else would be involved',
    ]) {
      expect(quotes.toLowerCase()).not.toContain(phrase.toLowerCase());
    }
  });

  it('quotes the call verbatim, with each quote’s speaker, side and time', () => {
    for (const evidence of analysis.ideas.flatMap((idea) => idea.evidence)) {
      const segment = segments.find((candidate) => candidate.text.includes(evidence.quote) && candidate.speaker === evidence.speaker);

      expect(segment).toBeDefined();
      expect(evidence.side).toBe(segment?.side);
      expect(evidence.timestamp).toMatch(/^00:[0-2]\d:\d{2}$/);
    }
  });

  describe('as plaintext', () => {
    it('yields the same speakers, sides, words, turns and questions', () => {
      // By name: speakers are listed by talk time, which the plaintext's line times measure a little apart.
      const summary = (result: Analysis) =>
        result.metrics.speakers
          .map(({ name, email, side, words, turns, questions }) => ({ name, email, side, words, turns, questions }))
          .sort((a, b) => a.name.localeCompare(b.name));

      expect(plaintextSegments).toHaveLength(segments.length);
      expect(summary(plaintext)).toEqual(summary(analysis));
      expect(plaintext.metrics.sides.external.words).toBe(analysis.metrics.sides.external.words);
    });

    it('yields comparable times: the duration within 30 seconds, shares of talk time (the last line timed by its words) near the timed ones', () => {
      expect(Math.abs(plaintext.metrics.durationSeconds - analysis.metrics.durationSeconds)).toBeLessThan(30);
      expect(plaintext.metrics.shareBasis).toBe('talk_time');
      for (const speaker of plaintext.metrics.speakers) {
        const timed = analysis.metrics.speakers.find((candidate) => candidate.name === speaker.name);
        expect(Math.abs(speaker.share - (timed?.share ?? 0))).toBeLessThan(0.05);
        expect(Math.abs((speaker.talkSeconds ?? 0) - (timed?.talkSeconds ?? 0)) / (timed?.talkSeconds ?? 1)).toBeLessThan(0.25);
      }
    });

    it('finds the same ideas in the same words', () => {
      const ideasOf = (result: Analysis) => result.ideas.map((idea) => [idea.kind, idea.evidence[0]?.quote, idea.mentions]);

      expect(ideasOf(plaintext)).toEqual(ideasOf(analysis));
    });
  });
});
