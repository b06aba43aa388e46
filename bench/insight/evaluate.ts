import { analyseContent, type IdeasAnalyser } from '../../lib/transcripts/analyse-content';
import type { IdeaKind } from '../../lib/transcripts/model/analysis';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import type { BenchResult } from '../bench-result';
import { crossValidate, progressOnStderr } from './cross-validate';
import { requestOf, type LabelledCall } from './labelled-call';
import { scoreCall, tallyByKind, type CallScore, type KindTally } from './score-ideas';
import { loadSecondLabels, scoreSecondLabeller } from './second-labels';

/** Precision and recall an analyser must reach on the calls it was tuned on, per kind. */
export const TARGETS: Record<IdeaKind | 'overall', { precision: number; recall: number }> = {
  customer_question: { precision: 0.8, recall: 0.85 },
  objection: { precision: 0.8, recall: 0.85 },
  pain_point: { precision: 0.7, recall: 0.7 },
  competitor: { precision: 0.7, recall: 0.7 },
  next_step: { precision: 0.7, recall: 0.7 },
  story_or_quote: { precision: 0.7, recall: 0.7 },
  insight: { precision: 0.7, recall: 0.7 },
  overall: { precision: 0.7, recall: 0.7 },
};

/** Analyses each call as the service does (its request validated, normalised, analysed), and scores it. */
export async function scoreAnalyser(calls: readonly LabelledCall[], analyser: IdeasAnalyser): Promise<CallScore[]> {
  const scores: CallScore[] = [];
  for (const call of calls) {
    const request = transcriptRequestSchema.parse(requestOf(call));
    const analysis = await analyseContent(request, [call.sellerDomain], analyser);
    if (analyser.name === 'bedrock' && analysis.fallback)
      throw new Error(`${call.id}: the LLM analyser failed (${analysis.fallback.reason})`);
    scores.push(scoreCall(call, analysis.ideas));
  }
  return scores;
}

const figure = (value: number | undefined) => (value === undefined ? '   -' : value.toFixed(2));

/** A table of precision and recall per kind. */
export function tallyLines(tallies: readonly KindTally[]): string[] {
  return [
    `${'kind'.padEnd(18)} precision         recall`,
    ...tallies.map(
      (t) =>
        `${t.kind.padEnd(18)} ${figure(t.precision)} (${t.right}/${t.right + t.wrong})`.padEnd(37) +
        `${figure(t.recall)} (${t.found}/${t.found + t.missed})`,
    ),
  ];
}

const quoted = (text: string) => `"${text.length > 110 ? `${text.slice(0, 107)}...` : text}"`;

/** Each miss and each false idea of the scored calls, a line each. */
export function detailLines(scores: readonly CallScore[]): string[] {
  const lines: string[] = [];
  for (const score of scores) {
    for (const label of score.missed) lines.push(`  miss   ${score.call.id}  ${label.kind}: ${quoted(label.quote)}`);
    for (const { idea, labelledAs } of score.wrong)
      lines.push(
        `  false  ${score.call.id}  ${idea.kind}: ${quoted(idea.evidence[0]!.quote)}${labelledAs ? ` (labelled ${labelledAs})` : ''}`,
      );
  }
  return lines;
}

/**
 * The report of an analyser on the labelled calls: per kind and overall on the calls it was tuned
 * on (checked against `TARGETS`); for the embedded analyser, whose idea model was learnt from those
 * very calls, the same calls by leave-one-call-out cross-validation (`cross-validate.ts`); then the
 * held-out calls, apart and without targets (they are scored, never tuned on); then a second
 * labeller's labels scored against the first ones, where a call has them (`second-labels.ts`); then
 * each miss and each false idea of the cross-validation (or tuning set) and of the held-out calls.
 */
export async function evaluate(calls: readonly LabelledCall[], analyser: IdeasAnalyser, name: string): Promise<BenchResult> {
  const tuned = calls.filter((call) => !call.heldOut);
  const heldOut = calls.filter((call) => call.heldOut);
  const tunedScores = await scoreAnalyser(tuned, analyser);
  const crossScores =
    analyser.name === 'embedded' ? crossValidate(tuned, progressOnStderr('cross-validation, a model per call left out')) : undefined;
  const heldOutScores = await scoreAnalyser(heldOut, analyser);
  const labelledTwice = loadSecondLabels(calls);
  const tallies = tallyByKind(tunedScores);
  const lines = [
    `${name} analyser on ${tuned.length} labelled calls (tuning set${crossScores ? ', which its idea model was learnt from' : ''})`,
    ...tallyLines(tallies),
    ...(crossScores
      ? [
          `${name} analyser on the same calls, each by a model learnt from the others (cross-validation; no target)`,
          ...tallyLines(tallyByKind(crossScores)),
        ]
      : []),
    `${name} analyser on ${heldOut.length} held-out calls (never tuned on; no target)`,
    ...tallyLines(tallyByKind(heldOutScores)),
    ...(labelledTwice.length > 0
      ? [
          `a second labeller on ${labelledTwice.length} of the calls, blind to the first labels (how far two people agree; no target)`,
          ...tallyLines(tallyByKind(scoreSecondLabeller(labelledTwice))),
        ]
      : []),
    `misses and false ideas (${crossScores ? 'cross-validation' : 'tuning set'}):`,
    ...detailLines(crossScores ?? tunedScores),
    'misses and false ideas (held-out):',
    ...detailLines(heldOutScores),
  ];
  const targets = tallies.flatMap((t) => {
    const target = TARGETS[t.kind];
    return [
      { name: `${name} ${t.kind} precision ${figure(t.precision)} >= ${target.precision}`, pass: (t.precision ?? 1) >= target.precision },
      { name: `${name} ${t.kind} recall ${figure(t.recall)} >= ${target.recall}`, pass: (t.recall ?? 1) >= target.recall },
    ];
  });
  return { name: `content ideas against labelled calls (${name})`, lines, targets };
}
