import type { IdeaKind } from '../model/analysis';

/** The words around a buyer's quote in a post, for one kind of idea. */
export interface PostTemplate {
  /** First lines to choose from; one is picked by the quote, so a call's drafts do not all open alike. */
  hooks: readonly string[];
  /** What the author makes of the quote, after it. */
  reflection: string;
  /** A closing question to the reader. */
  closing: string;
}

/**
 * The embedded analyser's posts, by kind of idea: written as a person in sales or marketing would
 * write them about a call they heard, saying nothing the call does not show. Next steps are never
 * post material (`best-ideas.ts`), so they have none.
 */
export const POST_TEMPLATES: Record<Exclude<IdeaKind, 'next_step'>, PostTemplate> = {
  customer_question: {
    hooks: [
      'A buyer asked us a question this week that deserves a public answer.',
      'If one buyer asks it out loud, ten more are wondering.',
      'The best question from this week’s calls:',
    ],
    reflection: 'Questions like this are where trust is won or lost. A plain, honest answer does more than any polished deck.',
    closing: 'How would you answer it?',
  },
  objection: {
    hooks: [
      'A buyer pushed back on a call this week, and they had a point.',
      'Not every objection is a no. This one was a buyer telling us what a yes would take:',
      'We hear some version of this on most calls:',
    ],
    reflection:
      'When a buyer says this, they are rarely saying no. They are telling you what would have to be true before they could say yes.',
    closing: 'When you hear this, how do you answer it?',
  },
  pain_point: {
    hooks: [
      'A buyer described their week to us, and it stuck with me.',
      'Nobody writes this in a requirements document, but plenty of teams live it:',
      'This is what the problem sounds like from the inside:',
    ],
    reflection:
      'Problems like this rarely show up as a line in the budget. They show up as lost hours, workarounds and people who stop trusting the numbers.',
    closing: 'Does this sound like your team? What did you do about it?',
  },
  competitor: {
    hooks: [
      'Buyers compare options. They should.',
      'A buyer told us what else they were looking at, and why.',
      'How buyers weigh the alternatives, in their own words:',
    ],
    reflection:
      'The useful conversation is not about who is best. It is about what fits the problem in front of this team, and being honest where another option fits better.',
    closing: 'When you compare tools, what tips the decision for you?',
  },
  story_or_quote: {
    hooks: [
      'A buyer told us a story on a call this week.',
      'One thing a buyer said on a call that I keep thinking about:',
      'Sometimes a buyer says it better than any of our slides:',
    ],
    reflection: 'Stories like this say more about what a team needs than any feature list.',
    closing: 'Has something like this happened on your team?',
  },
  insight: {
    hooks: [
      'A buyer put it better than we could:',
      'Something a buyer said that changed how I think about this:',
      'A lesson from a sales call, in the buyer’s words:',
    ],
    reflection: 'It is the kind of thing you only hear when you let the buyer do the talking.',
    closing: 'Do you see it the same way?',
  },
};
