import { tinyLabelledCall as call } from '../../../fixtures/transcripts/tiny-labelled-call';
import { oneToOneTally, scoreCall, tallyByKind } from '../../../../bench/insight/score-ideas';
import type { ContentIdea, IdeaKind } from '../../../../lib/transcripts/model/analysis';

const idea = (kind: IdeaKind, ...quotes: string[]): ContentIdea => ({
  kind,
  hook: 'h',
  angle: 'a',
  score: 0.5,
  mentions: quotes.length,
  evidence: quotes.map((quote) => ({ quote, side: 'external' })),
});

describe('scoreCall', () => {
  it('matches an idea to the label of its kind at the same words, even quoted longer or shorter', () => {
    const score = scoreCall(call, [
      idea('pain_point', 'we lose about six hours a week per rep'),
      idea('objection', 'In spreadsheets, and we lose about six hours a week per rep. Honestly it is too expensive for us right now.'),
    ]);

    expect(score.right.map((i) => i.kind)).toEqual(['pain_point', 'objection']);
    expect(score.missed.map((l) => l.kind)).toEqual(['customer_question']);
    expect(score.wrong).toEqual([]);
  });

  it('counts an idea of the wrong kind as false, naming the label there, and the label as missed', () => {
    const score = scoreCall(call, [idea('story_or_quote', 'Honestly it is too expensive for us right now.')]);

    expect(score.wrong).toMatchObject([{ idea: { kind: 'story_or_quote' }, labelledAs: 'objection' }]);
    expect(score.missed.map((l) => l.kind)).toEqual(['pain_point', 'objection', 'customer_question']);
  });

  it('counts an idea of words no label names as false, and one of an optional label neither way', () => {
    const score = scoreCall(call, [
      idea('insight', 'How do you track follow-ups today?'),
      idea('next_step', 'I will send the proposal by Friday.'),
    ]);

    expect(score.wrong).toEqual([{ idea: expect.objectContaining({ kind: 'insight' }) }]);
    expect(score.optional.map((i) => i.kind)).toEqual(['next_step']);
    expect(score.right).toEqual([]);
  });

  it('matches through any evidence quote of a merged idea, and needs half of the shorter span shared', () => {
    const merged = scoreCall(call, [idea('customer_question', 'How do you track follow-ups today?', 'Does it integrate with Salesforce?')]);
    const grazing = scoreCall(call, [idea('pain_point', 'six hours a week per rep. Honestly it is too expensive for us')]);

    expect(merged.found.map((l) => l.kind)).toEqual(['customer_question']);
    // Shares "six hours a week per rep." with the pain (25 of 60 characters of the shorter side: under half).
    expect(grazing.right).toEqual([]);
  });
});

describe('scoreCall one to one', () => {
  const tracking = 'How do you track follow-ups today?';
  const salesforce = 'Does it integrate with Salesforce?';
  // The tiny call with a second question labelled, so that one idea can cover two labels of its kind.
  const twoQuestions = { ...call, ideas: [...call.ideas, { kind: 'customer_question' as const, quote: tracking }] };

  it('lets an idea covering two labels find one of them, where the generous count finds both', () => {
    const score = scoreCall(twoQuestions, [idea('customer_question', salesforce, tracking)]);

    expect(score.found.filter((l) => l.kind === 'customer_question')).toHaveLength(2);
    expect(score.oneToOne).toEqual({ right: 1, wrong: 0, found: 1 });
  });

  it('makes one of two ideas at one label right and the other false', () => {
    const score = scoreCall(call, [idea('customer_question', salesforce), idea('customer_question', salesforce)]);

    expect(score.right).toHaveLength(2);
    expect(score.oneToOne).toEqual({ right: 1, wrong: 1, found: 1 });
  });

  it('finds as many labels as some pairing of ideas and labels can, and counts an idea at an optional label neither way', () => {
    const scores = [
      scoreCall(twoQuestions, [
        idea('customer_question', salesforce, tracking),
        idea('customer_question', salesforce),
        idea('next_step', 'I will send the proposal by Friday.'),
      ]),
    ];

    expect(scores[0]!.oneToOne).toEqual({ right: 2, wrong: 0, found: 2 });
    expect(oneToOneTally(scores)).toEqual({ right: 2, wrong: 0, found: 2, labels: 4, precision: 1, recall: 0.5 });
  });
});

describe('tallyByKind', () => {
  it('gives precision over ideas right or false, and recall over required labels', () => {
    const scores = [
      scoreCall(call, [
        idea('objection', 'Honestly it is too expensive for us right now.'),
        idea('objection', 'How do you track follow-ups today?'),
        idea('next_step', 'I will send the proposal by Friday.'),
      ]),
    ];

    const tallies = tallyByKind(scores);

    expect(tallies.find((t) => t.kind === 'objection')).toMatchObject({
      right: 1,
      wrong: 1,
      found: 1,
      missed: 0,
      precision: 0.5,
      recall: 1,
    });
    expect(tallies.find((t) => t.kind === 'next_step')).toMatchObject({ right: 0, wrong: 0, precision: undefined, recall: undefined });
    expect(tallies.find((t) => t.kind === 'overall')).toMatchObject({ right: 1, wrong: 1, found: 1, missed: 2, recall: 1 / 3 });
  });
});
