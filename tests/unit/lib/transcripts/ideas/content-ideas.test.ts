import { contentIdeaSchema, MAX_IDEAS, type ContentIdea } from '../../../../../lib/transcripts/model/analysis';
import { findContentIdeas } from '../../../../../lib/transcripts/ideas/content-ideas';
import type { Segment, Side } from '../../../../../lib/transcripts/text/segment';
import { timedSegment } from '../make-segments';

const buyer = (text: string, start = 0) => timedSegment('Bo Buyer', 'external', text, start);
const seller = (text: string, start = 0) => timedSegment('Sal Seller', 'internal', text, start);
const said = (side: Side, text: string): Segment => ({ side, text });
const kindsOf = (ideas: ContentIdea[]) => ideas.map((idea) => idea.kind);
const quotesOf = (ideas: ContentIdea[]) => ideas.flatMap((idea) => idea.evidence.map((evidence) => evidence.quote));

describe('findContentIdeas', () => {
  describe('finds each kind', () => {
    it.each([
      ['customer_question', 'Does it integrate with Salesforce out of the box?'],
      ['objection', 'Honestly, it is too expensive for our budget this year.'],
      ['objection', 'Any new vendor has to pass our security review and legal sign-off first.'],
      ['pain_point', 'We waste about 10 hours a week copying data from spreadsheets into the CRM.'],
      ['pain_point', 'Follow-ups fall through the cracks all the time because nobody owns them.'],
      ['story_or_quote', 'Last quarter we rolled it out to 40 reps and cut ramp time by 30%.'],
    ] as const)('%s in a buyer’s %j', (kind, text) => {
      const ideas = findContentIdeas([buyer(text, 62)]);

      expect(ideas).toHaveLength(1);
      expect(ideas[0]).toMatchObject({
        kind,
        mentions: 1,
        evidence: [{ quote: text, speaker: 'Bo Buyer', side: 'external', start: 62, timestamp: '00:01:02' }],
      });
    });

    it('an objection that names a rival, and that rival as a competitor quoting the same words', () => {
      const text = 'We already use Gong for that, so I am not sure we need another tool.';

      const ideas = findContentIdeas([buyer(text, 62)]);

      expect(ideas.map((idea) => [idea.kind, quotesOf([idea])])).toEqual([
        ['objection', [text]],
        ['competitor', [text]],
      ]);
    });

    it('building it in-house as a competitor, before the objection it comes with (the guide’s precedence)', () => {
      const text = 'We could build this ourselves, but honestly the budget is frozen until next year anyway.';

      const ideas = findContentIdeas([buyer(text, 62)]);

      expect(ideas.map((idea) => [idea.kind, quotesOf([idea])])).toEqual([['competitor', [text]]]);
    });

    it('an insight in a seller’s general lesson', () => {
      const ideas = findContentIdeas([seller('In our experience, most teams that follow up within a day win twice as many deals.')]);

      expect(kindsOf(ideas)).toEqual(['insight']);
    });

    it('a story told over two sentences, quoted whole', () => {
      const text = 'For example, last year our team had the same problem. We cut our admin time by 35% in two months.';

      const ideas = findContentIdeas([buyer(text)]);

      expect(ideas).toMatchObject([{ kind: 'story_or_quote', evidence: [{ quote: text }] }]);
    });

    it('a short sentence completed by the next, quoted together', () => {
      const text = "Timing is my other worry. This quarter is packed, so we can't start before next quarter at the earliest.";

      const ideas = findContentIdeas([buyer(text)]);

      expect(ideas).toMatchObject([{ kind: 'objection', evidence: [{ quote: text }] }]);
    });

    it('a sentence too weak alone, quoted with the short one after it that gives its kind', () => {
      const figure =
        'Eleven pounds per employee per month, across roughly nine hundred staff, is just under a hundred and twenty thousand a year.';
      const verdict = "That's not happening.";

      const ideas = findContentIdeas([buyer(`Let me be direct. ${figure} ${verdict} That's more than we spend on our POS.`)]);

      expect(ideas.map((idea) => idea.kind)).toEqual(['objection']);
      // Not the verdict with the sentence after it: it answers the figure before it.
      expect(quotesOf(ideas)).toContain(`${figure} ${verdict}`);
      expect(quotesOf(ideas)).not.toContain(`${verdict} That's more than we spend on our POS.`);
    });
  });

  it.each([
    'Can you hear me ok?',
    'Hi, how are you doing today?',
    'Can you see my screen now?',
    'Does that make sense to everyone?',
    "How's the weather over there today?",
    'Did you have a good weekend with the family?',
  ])('takes no small talk for a customer question: %j', (text) => {
    expect(findContentIdeas([buyer(text)])).toEqual([]);
  });

  it('takes no seller’s question for a customer question, and no seller’s pushback for an objection', () => {
    const ideas = findContentIdeas([
      seller("What's your budget for this project this year?"),
      seller('How many reps are on your team today, roughly?'),
      seller('Does it integrate with Salesforce out of the box?'),
      seller('Some buyers think it is too expensive at first.'),
    ]);

    expect(kindsOf(ideas)).not.toContain('customer_question');
    expect(kindsOf(ideas)).not.toContain('objection');
  });

  it('without sides, keeps a buyer’s kind of question and drops a seller’s discovery question', () => {
    const ideas = findContentIdeas([
      said('unknown', 'How many reps do you have on your team today?'),
      said('unknown', 'Does it integrate with Salesforce out of the box?'),
    ]);

    expect(ideas).toMatchObject([
      { kind: 'customer_question', evidence: [{ quote: 'Does it integrate with Salesforce out of the box?', side: 'unknown' }] },
    ]);
    expect(ideas[0]?.evidence[0]).not.toHaveProperty('speaker');
    expect(ideas[0]?.evidence[0]).not.toHaveProperty('timestamp');
  });

  it('merges near-duplicates into one idea: the best quote first, three quotes at most, every mention counted', () => {
    const ideas = findContentIdeas([
      buyer('Does it integrate with Salesforce?', 10),
      buyer('Just to confirm, does it integrate with Salesforce?', 20),
      buyer('What happens to our custom fields in Salesforce when you sync?', 30),
      buyer('Again, does it integrate with Salesforce?', 40),
      buyer('So does it really integrate with Salesforce?', 50),
    ]);

    const asked = [10, 20, 40, 50];

    expect(ideas.map((idea) => [idea.kind, idea.mentions])).toEqual([
      ['customer_question', 4],
      ['customer_question', 1],
    ]);
    expect(ideas[1]?.evidence[0]?.quote).toBe('What happens to our custom fields in Salesforce when you sync?');
    // Three of the four askings, the best quote first; which is best is the scores' to say.
    const starts = ideas[0]!.evidence.map((evidence) => evidence.start!);
    expect(starts).toHaveLength(3);
    // A quote may start after a leading filler ("So"), a word into its segment.
    expect(starts.every((start) => asked.some((at) => start >= at && start < at + 5))).toBe(true);
  });

  it('makes objections said in a row in one turn one idea, each sentence its evidence; another turn’s its own', () => {
    const price = 'Honestly, it is too expensive for our budget this year.';
    const signer = 'Our CFO will not sign anything over ten thousand before April.';

    const oneTurn = findContentIdeas([buyer(`${price} ${signer}`)]);
    const twoTurns = findContentIdeas([buyer(price, 10), seller('I see.', 14), buyer(signer, 16)]);

    expect(oneTurn.map((idea) => [idea.kind, idea.mentions])).toEqual([['objection', 1]]);
    expect(quotesOf(oneTurn).sort()).toEqual([price, signer].sort());
    expect(twoTurns.map((idea) => [idea.kind, quotesOf([idea])]).sort()).toEqual(
      [
        ['objection', [price]],
        ['objection', [signer]],
      ].sort(),
    );
  });

  it('quotes at most 600 characters of a long sentence, cut at a word boundary and still verbatim', () => {
    const text = `We waste hours every week on manual data entry because ${'spreadsheets '.repeat(70)}everywhere.`;
    const segment = buyer(text);

    const [idea] = findContentIdeas([segment]);
    const quote = idea?.evidence[0]?.quote ?? '';

    expect(quote.length).toBeLessThanOrEqual(600);
    expect(quote.length).toBeGreaterThan(500);
    expect(segment.text).toContain(quote);
    expect(quote.endsWith('spreadsheets')).toBe(true);
  });

  describe('on a longer call', () => {
    const lines = [
      'Thanks for joining, can you hear me ok?',
      'Yes, loud and clear.',
      'Our reps track everything in spreadsheets and lose about 6 hours a week on data entry.',
      'What we see across most teams is that the fastest follow-up wins.',
      'How is pricing structured, is it per seat or per team?',
      'That is more than twice what we pay for Outreach today.',
      'Does it integrate with HubSpot and sync both ways?',
      'For example, last year one customer cut their ramp time by 40% with it.',
      'We need legal sign-off and a security review before anything is signed.',
      'I can not see what is happening in the pipeline, so I am guessing.',
    ];
    const call: Segment[] = Array.from({ length: 400 }, (_, index) =>
      (index % 2 === 0 ? buyer : seller)(`${lines[index % lines.length] as string} Item ${index}.`, index * 10),
    );

    it('gives at most MAX_IDEAS ideas, best first, each valid and grounded in a segment’s text', () => {
      const ideas = findContentIdeas(call);

      expect(ideas.length).toBeGreaterThan(0);
      expect(ideas.length).toBeLessThanOrEqual(MAX_IDEAS);
      for (const idea of ideas) expect(contentIdeaSchema.parse(idea)).toEqual(idea);
      expect(ideas.map((idea) => idea.score)).toEqual([...ideas.map((idea) => idea.score)].sort((a, b) => b - a));
      for (const quote of quotesOf(ideas)) expect(call.some((segment) => segment.text.includes(quote))).toBe(true);
    });

    it('gives the same ideas for the same call, every time', () => {
      const first = findContentIdeas(call);
      const second = findContentIdeas(structuredClone(call));

      expect(second).toEqual(first);
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    });
  });
});
