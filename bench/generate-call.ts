import type { TranscriptRequest } from '../lib/schemas/transcript';
import type { SegmentObject } from '../lib/schemas/transcript-segment';
import { seededRandom } from './seeded-random';

/** A generated call: the parts of a request the analyser reads, and the workspace's domains. */
export interface GeneratedCall {
  request: Pick<TranscriptRequest, 'transcript' | 'format' | 'participants'>;
  workspaceDomains: string[];
  words: number;
  segments: number;
}

type Speaker = SegmentObject['speaker'];

const sellers: Speaker[] = [
  { name: 'Sam Rivera', type: 'internal', email: 'sam.rivera@acme-sales.example' },
  { name: 'Priya Nair', type: 'internal', email: 'priya.nair@acme-sales.example' },
];
/** Buyers: one with a type, one with only an email, one with neither (found among the participants). */
const buyers: Speaker[] = [
  { name: 'Dana Whitfield', type: 'external', email: 'dana.whitfield@northwind.example' },
  { name: 'Marcus Lee', email: 'marcus.lee@northwind.example' },
  { name: 'Elena Petrova' },
];
const participants = [
  'sam.rivera@acme-sales.example',
  'priya.nair@acme-sales.example',
  'dana.whitfield@northwind.example',
  'marcus.lee@northwind.example',
  'epetrova@northwind.example',
];

const slots: Record<string, readonly string[]> = {
  tool: ['Salesforce', 'HubSpot', 'Gong', 'Outreach', 'Salesloft', 'Excel', 'Google Sheets', 'Slack', 'Pipedrive'],
  n: ['two', 'three', 'five', 'six', 'ten', 'twelve', '15', '20', '30', '45', '60'],
  period: ['last quarter', 'last year', 'last month', 'a few months ago'],
  thing: [
    'follow-ups',
    'the forecast',
    'renewals',
    'the pipeline',
    'handoffs',
    'pricing',
    'onboarding',
    'reporting',
    'call notes',
    'territories',
  ],
  team: ['the reps', 'our managers', 'the SDR team', 'revenue operations', 'the regional leads', 'finance'],
};

/** Sentences by what they are, with `{slot}`s filled at random: enough variety for the idea finder to score, merge and rank. */
const buyerLines = {
  question: [
    'Does it integrate with {tool} out of the box, and does the sync go both ways?',
    'How is pricing structured, is it per seat or per team?',
    'Are you SOC 2 certified, and where is our data stored?',
    'How long does onboarding usually take for a team of {n} reps?',
    'What happens to our custom fields in {tool} when you sync?',
    'Can we import our history from {tool} before we start?',
    'Do you support single sign-on, and can we enforce it for every user?',
    'Is there an API if we want to push {thing} into our data warehouse?',
  ],
  objection: [
    'To be honest, that is more than twice what we pay for {tool} today.',
    'We already use {tool} for {thing}, so I am not sure we need another tool.',
    'Any new vendor has to go through our security review and legal sign-off first.',
    'This quarter is packed, so realistically it would be next quarter at the earliest.',
    'I am not keen on a multi-year contract for something {team} have not used yet.',
    'I would need sign-off from our CFO before we commit to anything.',
  ],
  pain: [
    'Our reps track {thing} in spreadsheets and we lose about {n} hours a week on manual data entry.',
    'Follow-ups fall through the cracks all the time because nobody owns them.',
    'I can not see what is actually happening in {thing}, so I am basically guessing.',
    'It is frustrating, {team} spend every Friday copying numbers into {tool}.',
    'We found hundreds of duplicate contacts because {team} copied the same sheet into {tool}.',
  ],
  story: ['{period} we rolled out {tool} to {n} reps and usage dropped to {n} percent within two months.'],
  filler: [
    'Yes, that makes sense to me.',
    'We have about {n} account executives across three regions.',
    'Most of our revenue comes from renewals and expansions.',
    'I think {team} would want to see that part again.',
    'Right, and that is roughly how we do it today.',
    'Okay, let me think about that for a second.',
    'Can you hear me ok?',
    "How's the weather over there?",
  ],
};
const sellerLines = {
  insight: [
    'What we see across most teams is that the fastest follow-up wins.',
    'In our experience, the key is making the next step the default for {team}.',
    'Most teams we work with cut their admin time by {n} percent in the first quarter.',
  ],
  story: [
    'For example, {period} one of our customers cut the time spent on {thing} by {n} percent and went from {n} to {n} meetings a week.',
  ],
  question: [
    "What's your budget for this?",
    'What does your process look like today for {thing}?',
    'Who else would be involved in a decision like this?',
  ],
  filler: [
    'Let me share my screen and show you how {thing} works.',
    'This is the manager view, every number is clickable down to the activity behind it.',
    'When a rep finishes a call, the task is created for them and logged to {tool}.',
    'Good question, let me come back to that in a minute.',
    'We can send the security package and the standard agreement today.',
    'Does that make sense?',
  ],
};

/** Picks by weight: `[[value, weight], …]`. */
function pickWeighted<T>(random: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

function sentenceFor(random: () => number, seller: boolean): string {
  const template = seller
    ? pick(
        random,
        pickWeighted(random, [
          [sellerLines.filler, 55],
          [sellerLines.question, 15],
          [sellerLines.insight, 15],
          [sellerLines.story, 15],
        ] as const),
      )
    : pick(
        random,
        pickWeighted(random, [
          [buyerLines.filler, 45],
          [buyerLines.question, 20],
          [buyerLines.objection, 12],
          [buyerLines.pain, 15],
          [buyerLines.story, 8],
        ] as const),
      );
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => pick(random, slots[slot] ?? ['']));
}

/**
 * A call of `minutes` in segment-object form with word timestamps at about 150 words a minute:
 * sellers and buyers take turns (sometimes one speaks on in a second segment), turns of one to
 * six sentences mixing small talk, questions, objections, pain points, stories and insights.
 * Deterministic for a seed.
 */
export function generateCall(minutes: number, seed = 20250311): GeneratedCall {
  const random = seededRandom(seed);
  const transcript: SegmentObject[] = [];
  let clock = 1.5;
  let words = 0;
  let seller = true;
  while (clock < minutes * 60) {
    const speaker = pick(random, seller ? sellers : buyers);
    const text = Array.from({ length: 1 + Math.floor(random() * 6) }, () => sentenceFor(random, seller)).join(' ');
    const tokens = text.split(' ');
    transcript.push({
      speaker,
      words: tokens.map((token, index) => {
        const start = clock;
        const end = start + 0.18 + random() * 0.22;
        clock = end + 0.03 + random() * 0.07 + (/[.?!]$/.test(token) ? 0.25 : 0);
        return {
          text: index === tokens.length - 1 ? token : `${token} `,
          startTimestamp: Math.round(start * 100) / 100,
          endTimestamp: Math.round(end * 100) / 100,
        };
      }),
    });
    words += tokens.length;
    clock += 0.4 + random() * 0.8;
    if (random() < 0.8) seller = !seller;
  }
  return {
    request: { transcript, format: 'array', participants },
    workspaceDomains: ['acme-sales.example'],
    words,
    segments: transcript.length,
  };
}
