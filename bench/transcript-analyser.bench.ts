import { analyseEmbedded } from '../lib/transcripts/embedded-analyser';
import { normaliseTranscript } from '../lib/transcripts/normalise-transcript';
import type { BenchResult } from './bench-result';
import { generateCall, type GeneratedCall } from './generate-call';
import { medianMs, ratio } from './median-time';

/** Call sizes, and how many timed runs (after warm-up runs) each gets: fewer for the long one. */
const sizes = [
  { label: '15 min', minutes: 15, warmUps: 10, runs: 31 },
  { label: '1 hour', minutes: 60, warmUps: 5, runs: 21 },
  { label: '10 hours', minutes: 600, warmUps: 2, runs: 7 },
] as const;

/** A one-hour call is normalised and analysed in less than this: well under a second. */
const ONE_HOUR_TARGET_MS = 250;
/** Ten times the words may cost at most twelve times the time: time ratio ≤ 1.2 × words ratio. */
const GROWTH_ALLOWANCE = 1.2;

function analyse(call: GeneratedCall): number {
  return analyseEmbedded(normaliseTranscript(call.request, call.workspaceDomains)).ideas.length;
}

const grouped = (value: number) => value.toLocaleString('en-US');

/** The embedded analyser (normalisation included) on generated calls of 15 minutes, one hour and ten hours. */
export async function run(): Promise<BenchResult> {
  const results = sizes.map((size) => {
    const call = generateCall(size.minutes);
    return { ...size, words: call.words, ms: medianMs(() => analyse(call), size.warmUps, size.runs) };
  });
  const [quarter, hour, tenHours] = results as [(typeof results)[number], (typeof results)[number], (typeof results)[number]];
  const lines = results.map(
    (result) =>
      `normalise + analyse ${result.label.padStart(8)}: ${grouped(result.words).padStart(8)} words ${result.ms.toFixed(1).padStart(8)} ms ${((result.ms / result.words) * 1000).toFixed(2).padStart(6)} ms/1k words`,
  );
  const hourWords = hour.words / quarter.words;
  const tenWords = tenHours.words / hour.words;
  const tenTime = tenHours.ms / hour.ms;
  const growthLimit = GROWTH_ALLOWANCE * tenWords;
  lines.push(`ratio 1h/15min: ${ratio(hour.ms / quarter.ms)} time for ${ratio(hourWords)} words`);
  lines.push(`ratio 10h/1h: ${ratio(tenTime)} time for ${ratio(tenWords)} words (target ≤ ${ratio(growthLimit)})`);
  lines.push(`1-hour call: ${hour.ms.toFixed(1)} ms (target < ${ONE_HOUR_TARGET_MS} ms)`);
  return {
    name: 'transcript analyser',
    lines,
    targets: [
      { name: `one-hour call under ${ONE_HOUR_TARGET_MS} ms`, pass: hour.ms < ONE_HOUR_TARGET_MS },
      { name: `${ratio(tenWords)} the words costs at most ${ratio(growthLimit)} the time`, pass: tenTime <= growthLimit },
    ],
  };
}
