import { findContentIdeas } from '../../../../../lib/transcripts/ideas/content-ideas';
import { mentionOf, productNamesOf } from '../../../../../lib/transcripts/ideas/product-names';
import type { Segment } from '../../../../../lib/transcripts/text/segment';
import { splitSentences } from '../../../../../lib/transcripts/text/sentences';
import { timedSegment } from '../make-segments';

const buyer = (text: string, start = 0) => timedSegment('Bo Buyer', 'external', text, start);
const seller = (text: string, start = 0) => timedSegment('Sal Seller', 'internal', text, start);

/**
 * A newcomer's call: the buyer is trialling Chorus (an English word too) and names it three times
 * in three shapes; a colleague, a month and the seller's own product are named as well.
 */
const call: Segment[] = [
  seller('Thanks for making the time. I am Sal from Loopdesk, and Loopdesk records your calls and finds the coaching moments.', 0),
  buyer('Happy to. My manager Martha asked me to take this one, she wants it settled by March.', 10),
  seller('Great. What does Loopdesk need to show you today?', 20),
  buyer('We are trialling Chorus with four of our reps this month.', 30),
  buyer('Chorus does the call summaries well enough for now.', 40),
  buyer('Honestly the price of Chorus was lower than what you sent us, so I need to understand the difference.', 50),
  buyer('Martha reviews every deal on Fridays and she hates switching tabs.', 60),
  buyer('I do like that Loopdesk shows the coaching moments on one page.', 70),
];

describe('productNamesOf', () => {
  it('finds the product the buyer names, in whatever shape, and not a person, a month or the seller’s own product', () => {
    const names = productNamesOf(call, splitSentences(call));

    expect([...names.names]).toEqual(['chorus']);
  });

  it('reads a mention as weighing an alternative, or only naming it', () => {
    const names = productNamesOf(call, splitSentences(call));

    expect(mentionOf('We are trialling Chorus with four of our reps this month.', names)).toMatchObject({
      named: true,
      asAlternative: true,
    });
    expect(mentionOf('Chorus does the call summaries well enough for now.', names)).toMatchObject({ named: true, asAlternative: false });
    expect(mentionOf('She wants it settled by March.', names).named).toBe(false);
  });

  it('reads a product the buyer connects to as an integration, and one the call weighs as weighed wherever named', () => {
    const names = productNamesOf(call, splitSentences(call));

    expect(mentionOf('It has to sync with Chorus every night.', names)).toMatchObject({ named: true, asIntegration: true });
    expect(mentionOf('Chorus does the call summaries well enough for now.', names)).toMatchObject({
      asIntegration: false,
      weighedInCall: true,
    });
  });

  it('does not read a name the sentence makes a person or a place as the product', () => {
    const names = { names: new Set(['chorus', 'ridgeway']), weighed: new Set<string>() };

    expect(mentionOf('Everybody calls me Chorus.', names).named).toBe(false);
    expect(mentionOf('She joined from the Ridgeway site.', names).named).toBe(false);
    expect(mentionOf('We stayed at a Ridgeway last night.', names).named).toBe(false);
  });

  it('reads a vendor looked at, a vendor’s demo and a name shaped as a product’s as the product, not a place or a thing', () => {
    const looked = [buyer('We looked at Procore last year, and it felt built for bigger firms.')];
    const demo = [buyer('We also sat through an Enerflo demo two weeks ago.')];
    const shaped = [
      buyer('Rooms are on LibCal today.'),
      buyer('The events calendar says one thing, LibCal says another thing.'),
      buyer('We would want references that came off LibCal.'),
    ];

    expect([...productNamesOf(looked, splitSentences(looked)).names]).toEqual(['procore']);
    expect([...productNamesOf(demo, splitSentences(demo)).names]).toEqual(['enerflo']);
    expect([...productNamesOf(shaped, splitSentences(shaped)).names]).toEqual(['libcal']);
  });

  it('finds a name that opens with digits, and not a number said aloud or a date', () => {
    const call = [
      buyer('We have a quote from 7shifts that is per location, not per head.'),
      buyer('Sixty-seven thousand a year is what they quoted, signed by Mid-January at 2pm.'),
    ];

    expect([...productNamesOf(call, splitSentences(call)).names]).toEqual(['7shifts']);
  });

  it('finds none in a call that names no product', () => {
    const quiet = [buyer('We waste ten hours a week on admin, and Martha says it gets worse every March.')];

    expect(productNamesOf(quiet, splitSentences(quiet)).names.size).toBe(0);
  });
});

describe('findContentIdeas on a call naming a competitor', () => {
  const ideas = findContentIdeas(call);
  const competitors = ideas.filter((idea) => idea.kind === 'competitor');
  const quotes = competitors.flatMap((idea) => idea.evidence.map((evidence) => evidence.quote));

  it('gives a competitor idea quoting the product the buyer named', () => {
    expect(competitors.length).toBeGreaterThan(0);
    expect(quotes.some((quote) => quote.includes('Chorus'))).toBe(true);
  });

  it('makes one competitor idea of a product however often it is named, its quotes the evidence', () => {
    const naming = competitors.filter((idea) => idea.evidence.some((evidence) => evidence.quote.includes('Chorus')));

    expect(naming).toHaveLength(1);
  });

  it('makes no competitor of a colleague, a month or the seller’s own product', () => {
    expect(quotes.filter((quote) => /Martha|March|Loopdesk/.test(quote))).toEqual([]);
  });
});
