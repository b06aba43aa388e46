import type { Segment } from '../lib/transcripts/text/segment';
import { createQuoteGrounder } from '../lib/transcripts/ideas/ground-quote';
import { splitSentences } from '../lib/transcripts/text/sentences';
import type { BenchResult } from './bench-result';
import { medianMs, ratio } from './median-time';

/** Time may grow at most this much faster than the text: linear, with room for noise. */
const GROWTH_ALLOWANCE = 1.2;
/** 20 quotes grounded in a 10-hour call (the LLM analyser's worst case) in less than this. */
const TEN_HOUR_GROUNDING_TARGET_MS = 500;

/** A call of `segments` turns of 15 words each (a 10-hour call is about 6,000). */
function callOf(segments: number): Segment[] {
  const vocabulary = ['pipeline', 'budget', 'renewal', 'forecast', 'quarter', 'team', 'deal', 'price', 'tool', 'data'];
  let word = 0;
  return Array.from({ length: segments }, (_, index) => {
    const text = Array.from({ length: 15 }, () => vocabulary[(word++ * 7) % vocabulary.length]).join(' ');
    return {
      speaker: index % 2 ? 'Bo' : 'Ana',
      side: index % 2 ? 'external' : 'internal',
      text: `${text} number ${index}.`,
      start: index * 6,
    };
  });
}

/** Quotes the call does not contain: the worst case, the whole text is searched for each. */
const missingQuotes = Array.from({ length: 20 }, (_, index) => `tool data NUMBER ${1_000_000 + index}`);

/** One long unpunctuated-then-punctuated text, `repeat` sentences long. */
const textOf = (repeat: number): Segment[] => [
  { side: 'external', text: 'We lose about 6 hours a week on manual data entry, and follow-ups fall through the cracks. '.repeat(repeat) },
];

/**
 * The text searches of the transcript analysers, at two sizes ten times apart: the quote
 * grounder (built once per call, then 20 quotes) and the sentence splitter.
 */
export async function run(): Promise<BenchResult> {
  const hour = callOf(600);
  const tenHours = callOf(6000);
  const ground = (call: Segment[]) => {
    const grounder = createQuoteGrounder(call);
    return missingQuotes.map((quote) => grounder(quote));
  };
  const groundHour = medianMs(() => ground(hour), 5, 15);
  const groundTenHours = medianMs(() => ground(tenHours), 2, 7);
  const splitSmall = medianMs(() => splitSentences(textOf(2000)), 5, 15);
  const splitLarge = medianMs(() => splitSentences(textOf(20_000)), 2, 7);
  const groundRatio = groundTenHours / groundHour;
  const splitRatio = splitLarge / splitSmall;
  const limit = GROWTH_ALLOWANCE * 10;
  return {
    name: 'transcript text searches',
    lines: [
      `quote grounder, 20 quotes:  1 hour ${groundHour.toFixed(1)} ms, 10 hours ${groundTenHours.toFixed(1)} ms: ${ratio(groundRatio)} time for 10.0x text (target ≤ ${ratio(limit)})`,
      `sentence splitter: 2,000 sentences ${splitSmall.toFixed(1)} ms, 20,000 ${splitLarge.toFixed(1)} ms: ${ratio(splitRatio)} time for 10.0x text (target ≤ ${ratio(limit)})`,
    ],
    targets: [
      { name: `quote grounder: 10x the call costs at most ${ratio(limit)} the time`, pass: groundRatio <= limit },
      {
        name: `quote grounder: 20 quotes in a 10-hour call under ${TEN_HOUR_GROUNDING_TARGET_MS} ms`,
        pass: groundTenHours < TEN_HOUR_GROUNDING_TARGET_MS,
      },
      { name: `sentence splitter: 10x the text costs at most ${ratio(limit)} the time`, pass: splitRatio <= limit },
    ],
  };
}
