import { callIdentities } from '../../../../../lib/transcripts/drafts/call-identities';
import { draftProblems } from '../../../../../lib/transcripts/drafts/check-draft';
import { draftBestIdeas } from '../../../../../lib/transcripts/drafts/draft-best-ideas';
import { draftOf, writePostDraft } from '../../../../../lib/transcripts/drafts/post-draft';
import type { Analysis, ContentIdea, PostDraft } from '../../../../../lib/transcripts/model/analysis';
import type { Segment } from '../../../../../lib/transcripts/text/segment';

const quote = 'Derek rebuilds the forecast by hand from three exports every Monday, and Globex pays for it in overtime.';
const segments: Segment[] = [
  { speaker: 'Sam Rivera', email: 'sam@acme-sales.example', side: 'internal', text: 'How do you forecast today?' },
  { speaker: 'Jane Okafor', email: 'jane@globex.example', side: 'external', text: `${quote} I asked Derek about it.` },
];
const identities = callIdentities(['sam@acme-sales.example', 'jane@globex.example'], segments, ['acme-sales.example']);
const pain: ContentIdea = {
  kind: 'pain_point',
  hook: 'h',
  angle: 'a',
  score: 0.9,
  mentions: 1,
  evidence: [{ quote, speaker: 'Jane Okafor', side: 'external' }],
};

describe('writePostDraft', () => {
  it('writes a hook, the masked quote in the body, and a closing question, a blank line apart', () => {
    const draft = writePostDraft(pain, identities)!;

    expect(draft.quote).toBe(
      '[name] rebuilds the forecast by hand from three exports every Monday, and [company] pays for it in overtime.',
    );
    expect(draft.text).toBe(`${draft.hook}\n\n${draft.body}\n\n${draft.closing}`);
    expect(draft.body).toContain(`“${draft.quote}”`);
    expect(draft.closing).toMatch(/\?$/);
    expect(draft.text.length).toBeLessThanOrEqual(1300);
    expect(draft.masked.map((term) => term.text)).toEqual(['Derek', 'Globex']);
    expect(draftProblems(draft, pain, identities)).toEqual([]);
  });

  it('writes none for a next step', () => {
    expect(writePostDraft({ ...pain, kind: 'next_step' }, identities)).toBeUndefined();
  });
});

describe('draftProblems', () => {
  const good = writePostDraft(pain, identities)!;
  const edited = (change: Partial<PostDraft>) => {
    const parts = { ...good, ...change };
    return draftOf(parts, parts.masked, parts.writtenBy);
  };

  it.each<[string, PostDraft, RegExp]>([
    [
      'a quote the call never said',
      edited({ quote: 'We would buy it tomorrow.', body: '“We would buy it tomorrow.”' }),
      /not an evidence quote/,
    ],
    ['a quote with the names left in', edited({ quote, body: `“${quote}”` }), /names "Derek"/],
    ['a body without its quote', edited({ body: 'Forecasts are hard.' }), /does not hold its quote/],
    ["a participant's name in the hook", edited({ hook: 'Jane told us something.' }), /names "Jane"/],
    ["the call's domain", edited({ closing: 'Read more at globex.example?' }), /domain of the call/],
    ['a text that is not its parts', { ...good, text: `${good.text} PS` }, /not its hook, body and closing/],
    ['a text over 3,000 characters', edited({ body: `${good.body}\n\n${'More. '.repeat(500)}` }), /over 3000 characters/],
  ])('refuses %s', (_what, draft, problem) => {
    expect(draftProblems(draft, pain, identities)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it("counts a participant's name that is also a word only when written as a name", () => {
    const will = callIdentities(['will@globex.example'], [], []);
    const draft = draftOf({ hook: 'We will see.', quote: 'It will cost more.', body: '“It will cost more.”', closing: 'Agree?' }, []);
    expect(draft.writtenBy).toBe('templates');

    expect(draftProblems(draft, { ...pain, evidence: [{ quote: 'It will cost more.', side: 'external' }] }, will)).toEqual([]);
  });
});

describe('draftBestIdeas', () => {
  const analysis = (ideas: ContentIdea[]): Analysis => ({
    analyser: { name: 'bedrock', modelId: 'm' },
    metrics: {} as Analysis['metrics'],
    ideas,
  });

  it("writes a draft from an LLM's proposal that keeps the rules, and the templates' one for a proposal that does not", () => {
    const other = {
      ...pain,
      evidence: [{ quote: 'Our onboarding takes six weeks for every new rep we hire.', side: 'external' as const }],
    };
    const proposals = new Map([
      [
        0,
        {
          writtenBy: 'bedrock' as const,
          hook: 'Forecasting by hand is a tax.',
          reflection: 'Nobody budgets for it.',
          closing: 'Sound familiar?',
        },
      ],
      [1, { writtenBy: 'bedrock' as const, hook: 'Jane said it best.', reflection: 'Onboarding is slow.', closing: 'Agree?' }],
    ]);

    const drafted = draftBestIdeas(analysis([pain, other]), identities, proposals);

    expect(drafted.analysis.best).toEqual([0, 1]);
    expect(drafted.analysis.ideas[0]!.draft).toMatchObject({
      writtenBy: 'bedrock',
      hook: 'Forecasting by hand is a tax.',
      quote: good().quote,
    });
    expect(drafted.analysis.ideas[0]!.draft!.body).toBe(`“${good().quote}”\n\nNobody budgets for it.`);
    expect(drafted.analysis.ideas[1]!.draft).toEqual(writePostDraft(other, identities));
    expect(drafted.analysis.ideas[1]!.draft!.writtenBy).toBe('templates');
    expect(drafted.refusedProposals).toBe(1);
  });

  it('drafts only the best ideas, so a next step carries none', () => {
    const step = {
      ...pain,
      kind: 'next_step' as const,
      evidence: [{ quote: 'I will send the pilot proposal by Friday, then.', side: 'internal' as const }],
    };

    const drafted = draftBestIdeas(analysis([pain, step]), identities);

    expect(drafted.analysis.best).toEqual([0]);
    expect(drafted.analysis.ideas[1]).toEqual(step);
  });
});

function good(): PostDraft {
  return writePostDraft(pain, identities)!;
}
