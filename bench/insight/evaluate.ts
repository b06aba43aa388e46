import { analyseContent, type IdeasAnalyser } from '../../lib/transcripts/analyse-content';
import { transcriptRequestSchema } from '../../lib/schemas/transcript';
import type { BenchResult } from '../bench-result';
import { MAX_BEST_IDEAS } from '../../lib/transcripts/ideas/best-ideas';
import { bestSetFigures, bestSetLines } from './best-set';
import { crossValidate, progressOnStderr } from './cross-validate';
import { requestOf, type LabelledCall } from './labelled-call';
import { oneToOneTally, scoreCall, tallyByKind, type CallScore, type KindTally } from './score-ideas';
import { gateLines, GOAL, heldOutFloor, REACHED, shareOf, TARGETS } from './gates';
import { loadSecondLabels, scoreSecondLabeller } from './second-labels';

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

/** Overall figures counted one to one, a line: what the table's overall would be if no idea found two labels, nor two ideas one. */
export function oneToOneLine(scores: readonly CallScore[]): string {
  const { right, wrong, found, labels, precision, recall } = oneToOneTally(scores);
  return (
    `${'one to one'.padEnd(18)} ${figure(precision)} (${right}/${right + wrong})`.padEnd(37) + `${figure(recall)} (${found}/${labels})`
  );
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

/** Targets of a table of tallies: precision and recall of each kind against `TARGETS`. */
function targetsOf(tallies: readonly KindTally[], name: string, where: string): BenchResult['targets'] {
  return tallies.flatMap((t) => {
    const target = TARGETS[t.kind];
    return [
      {
        name: `${name} ${where} ${t.kind} precision ${figure(t.precision)} >= ${target.precision}`,
        pass: (t.precision ?? 1) >= target.precision,
      },
      { name: `${name} ${where} ${t.kind} recall ${figure(t.recall)} >= ${target.recall}`, pass: (t.recall ?? 1) >= target.recall },
    ];
  });
}

/** Whether the gated figures reach `GOAL`, a line each, with the gate beside it: a missed goal is said, never hidden by the gate. */
function goalLines(tallies: readonly KindTally[]): string[] {
  const overall = tallies.find((t) => t.kind === 'overall')!;
  const competitor = tallies.find((t) => t.kind === 'competitor')!;
  const line = (what: string, value: number | undefined, goal: number, gate: number) =>
    `goal: ${what} ${figure(value)} >= ${goal}: ${(value ?? 0) >= goal ? 'met' : `MISSED (the gate is at ${gate}, a standard error under the level reached)`}`;
  return [
    line('overall precision', overall.precision, GOAL.precision, TARGETS.overall.precision),
    line('overall recall', overall.recall, GOAL.recall, TARGETS.overall.recall),
    line('competitor recall', competitor.recall, GOAL.competitorRecall, TARGETS.competitor.recall),
  ];
}

/**
 * The report of an analyser on the labelled calls: per kind and overall on the calls it was tuned
 * on (no target: the embedded analyser's idea model was learnt from those very calls); for the
 * embedded analyser, the same calls by leave-one-call-out cross-validation (`cross-validate.ts`),
 * checked against `TARGETS` (an analyser without a model is checked on the tuning calls), with
 * `GOAL` beside them; then the held-out calls, apart, overall against `heldOutFloor` (they are
 * scored, never tuned on); then a second
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
  const crossTallies = crossScores ? tallyByKind(crossScores) : undefined;
  const gated = crossTallies ?? tallies;
  const heldOutTallies = tallyByKind(heldOutScores);
  const bestSet = bestSetFigures(crossScores ?? tunedScores);
  const gatedOverall = gated.find((t) => t.kind === 'overall')!;
  const heldOutOverall = heldOutTallies.find((t) => t.kind === 'overall')!;
  const heldOutTargets = {
    precision: heldOutFloor(shareOf(REACHED.overall.precision), heldOutOverall.right + heldOutOverall.wrong),
    recall: heldOutFloor(shareOf(REACHED.overall.recall), heldOutOverall.found + heldOutOverall.missed),
  };
  const lines = [
    `${name} analyser on ${tuned.length} labelled calls (tuning set${crossScores ? ', which its idea model was learnt from; no target' : ''})`,
    ...tallyLines(tallies),
    ...(crossTallies
      ? [
          `${name} analyser on the same calls, each by a model learnt from the others (cross-validation; the targets)`,
          ...tallyLines(crossTallies),
          oneToOneLine(crossScores!),
          'gates (bench/insight/gates.ts): what cross-validation reached when they were set, less one standard error',
          ...gateLines(),
        ]
      : []),
    ...goalLines(gated),
    `${name} analyser on ${heldOut.length} held-out calls (never tuned on; overall precision >= ${heldOutTargets.precision}, recall >= ${heldOutTargets.recall})`,
    ...tallyLines(heldOutTallies),
    oneToOneLine(heldOutScores),
    ...(labelledTwice.length > 0
      ? [
          `a second labeller on ${labelledTwice.length} of the calls, blind to the first labels (how far two people agree; no target)`,
          ...tallyLines(tallyByKind(scoreSecondLabeller(labelledTwice))),
        ]
      : []),
    `${name} analyser's default set, the best ideas a call offers as post material (${crossScores ? 'cross-validation' : 'tuning set'})`,
    ...bestSetLines(bestSet),
    `${name} analyser's default set (held-out)`,
    ...bestSetLines(bestSetFigures(heldOutScores)),
    `misses and false ideas (${crossScores ? 'cross-validation' : 'tuning set'}):`,
    ...detailLines(crossScores ?? tunedScores),
    'misses and false ideas (held-out):',
    ...detailLines(heldOutScores),
  ];
  const targets = [
    ...targetsOf(gated, name, crossTallies ? 'cross-validation' : 'tuning set'),
    // The handful offered by default is the best of the ideas: at least as right as all of them, and never a next step.
    {
      name: `${name} default set precision ${figure(bestSet.precision)} >= all ideas' ${figure(gatedOverall.precision)}`,
      pass: (bestSet.precision ?? 1) >= (gatedOverall.precision ?? 0),
    },
    {
      name: `${name} default set: at most ${MAX_BEST_IDEAS} ideas a call (${bestSet.most}), no next step (${bestSet.nextSteps})`,
      pass: bestSet.most <= MAX_BEST_IDEAS && bestSet.nextSteps === 0,
    },
    {
      name: `${name} held-out overall precision ${figure(heldOutOverall.precision)} >= ${heldOutTargets.precision}`,
      pass: (heldOutOverall.precision ?? 1) >= heldOutTargets.precision,
    },
    {
      name: `${name} held-out overall recall ${figure(heldOutOverall.recall)} >= ${heldOutTargets.recall}`,
      pass: (heldOutOverall.recall ?? 1) >= heldOutTargets.recall,
    },
  ];
  return { name: `content ideas against labelled calls (${name})`, lines, targets };
}
