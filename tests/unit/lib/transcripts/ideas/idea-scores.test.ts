import { bestIdeaKind, MIN_IDEA_SCORE, scoreIdea } from '../../../../../lib/transcripts/ideas/idea-scores';

describe('idea scores', () => {
  it('scores a specific buyer question above a vague one, both within 0..1', () => {
    const specific = scoreIdea(
      'customer_question',
      'Does it integrate with Salesforce, and how long does onboarding take?',
      true,
      'external',
    );
    const vague = scoreIdea('customer_question', 'What else can you tell us about it?', true, 'external');

    expect(specific).toBeGreaterThan(vague);
    expect(specific).toBeLessThanOrEqual(1);
    expect(vague).toBeGreaterThan(0);
  });

  it('weighs the side: a buyer’s objection counts, a seller’s not at all; a seller’s pain point counts less', () => {
    const objection = 'Honestly, it is too expensive for our budget this year.';
    const pain = 'We waste about 10 hours a week copying data from spreadsheets.';

    expect(scoreIdea('objection', objection, false, 'external')).toBeGreaterThan(scoreIdea('objection', objection, false, 'unknown'));
    expect(scoreIdea('objection', objection, false, 'internal')).toBe(0);
    expect(scoreIdea('pain_point', pain, false, 'internal')).toBeLessThan(MIN_IDEA_SCORE);
    expect(scoreIdea('pain_point', pain, false, 'external')).toBeGreaterThan(MIN_IDEA_SCORE);
  });

  it('takes a story with a result over a story without one', () => {
    expect(scoreIdea('story_or_quote', 'Last quarter we rolled it out and cut ramp time by 30%.', false, 'external')).toBeGreaterThan(
      scoreIdea('story_or_quote', 'Last quarter we rolled it out to the team.', false, 'external'),
    );
  });

  it('reads numbers in words as numbers: a result with one is a story to its cues', () => {
    const inWords = scoreIdea('story_or_quote', 'Last year our team cut admin time by thirty five percent.', false, 'external');
    const withoutNumber = scoreIdea('story_or_quote', 'Last year our team cut admin time by a lot.', false, 'external');

    expect(inWords).toBeGreaterThan(0.8);
    expect(inWords).toBeGreaterThan(withoutNumber);
  });

  it('never makes a seller’s claim a customer story or objection: the side decides whose words a kind can be', () => {
    const claim = 'Last year one of our customers cut admin time by thirty five percent.';

    expect(bestIdeaKind(claim, false, 'internal')?.kind).not.toBe('story_or_quote');
    expect(bestIdeaKind('Honestly it is too expensive for our budget this year.', false, 'internal')).toBeUndefined();
  });

  it.each([
    ['next_step', 'Send over the pilot proposal and I’ll review it with the CFO next Thursday.'],
    ['next_step', 'I will send the security package to Elena today.'],
    ['competitor', 'We also looked at Procore last year, and their quote was almost double.'],
    ['competitor', 'Honestly our engineers could build this ourselves in a quarter.'],
    ['objection', 'Our last vendor took four months to integrate with our CRM and it breaks every time we change a picklist.'],
    ['objection', 'This would need more than two weeks of my time and I don’t see that happening before the summer.'],
    ['objection', 'Anything over ten thousand goes to Richard, our managing director, and he only signs off at the quarterly board.'],
  ] as const)('reads a buyer’s %s in %j', (kind, text) => {
    expect(bestIdeaKind(text.replace(/’/g, "'"), false, 'external')?.kind).toBe(kind);
  });

  it('finds no kind in a plain statement', () => {
    expect(bestIdeaKind('The meeting is on Tuesday.', false, 'external')).toBeUndefined();
  });
});
