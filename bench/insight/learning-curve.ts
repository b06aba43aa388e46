import { seededRandom } from '../seeded-random';
import { scoreWithModel } from './cross-validate';
import type { LabelledCall } from './labelled-call';
import { oneToOneTally, tallyByKind, type CallScore, type KindTally } from './score-ideas';
import { examplesOf, trainIdeaModel, type Example } from './train-idea-model';

/**
 * How the embedded analyser's figures on calls it has not seen grow with the calls its model
 * learns from. A change of cues, features or settings moves them by a hundredth or two; whether
 * more labelled calls would move them more is a question of the curve, so it is measured, not
 * guessed: k-fold cross-validation, where each fold's model learns from only a share of the
 * other folds' calls (the same share of each), and every share is scored on all the calls.
 */

export interface CurveOptions {
  /** Folds of the cross-validation: each call is read by a model that did not learn from it. */
  folds: number;
  /** Shares of the other folds' calls each model learns from, in (0, 1]. */
  shares: readonly number[];
  /** Draws of which calls a share under 1 keeps, their scores pooled: one draw's luck moves a point by a hundredth or two. */
  draws: number;
}

/** Five folds (each model learns from four fifths of the calls at most); shares in fifths; three draws of each. */
export const CURVE: CurveOptions = { folds: 5, shares: [0.4, 0.6, 0.8, 1], draws: 3 };

/** One point of the curve: a share, the calls each model learnt from, and the figures of every draw pooled. */
export interface CurvePoint {
  share: number;
  trainingCalls: number;
  overall: KindTally;
  oneToOne: ReturnType<typeof oneToOneTally>;
  scores: CallScore[];
}

/** The first draw's seed: the same calls are kept every run. */
const SEED = 20_261_206;

/**
 * The curve over `calls`: calls are dealt to folds by their position (call i to fold i mod k), and
 * in each draw a share keeps the first of the other folds' calls in that draw's seeded order, so a
 * larger share keeps every call a smaller one did. Each fold learns from as many calls (its share
 * of the calls outside the smallest fold), so a point is one number of calls.
 */
export function learningCurve(
  calls: readonly LabelledCall[],
  options: CurveOptions = CURVE,
  onProgress?: (done: number, total: number) => void,
): CurvePoint[] {
  const { folds, shares, draws } = options;
  if (calls.length < folds) throw new Error(`a learning curve of ${folds} folds needs at least ${folds} calls, not ${calls.length}`);
  for (const share of shares) if (!(share > 0 && share <= 1)) throw new Error(`a share must be in (0, 1], not ${share}`);
  const ranks = Array.from({ length: draws }, (_, draw) => {
    const random = seededRandom(SEED + draw);
    return new Map(calls.map((call) => [call, random()]));
  });
  const examples = new Map<LabelledCall, Example[]>(calls.map((call) => [call, examplesOf(call)]));
  const outsideSmallestFold = calls.length - Math.ceil(calls.length / folds);
  const total = shares.reduce((sum, share) => sum + (share < 1 ? draws : 1), 0) * folds;
  let done = 0;
  return shares.map((share) => {
    const trainingCalls = Math.max(1, Math.round(share * outsideSmallestFold));
    const scores: CallScore[] = [];
    // All the calls outside a fold are the same whatever the draw.
    for (const rank of share < 1 ? ranks : ranks.slice(0, 1))
      for (let fold = 0; fold < folds; fold++) {
        const others = calls.filter((_, index) => index % folds !== fold).sort((a, b) => rank.get(a)! - rank.get(b)!);
        const model = trainIdeaModel(others.slice(0, trainingCalls).flatMap((call) => examples.get(call)!));
        for (const call of calls.filter((_, index) => index % folds === fold)) scores.push(scoreWithModel(call, model));
        onProgress?.(++done, total);
      }
    const overall = tallyByKind(scores).find((tally) => tally.kind === 'overall')!;
    return { share, trainingCalls, overall, oneToOne: oneToOneTally(scores), scores };
  });
}

const figure = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(3));

/** The curve as the report prints it: a line per share, and what each doubling of the calls gains. */
export function curveLines(points: readonly CurvePoint[]): string[] {
  const lines = [
    'calls learnt from   overall P / R       one to one P / R',
    ...points.map(
      ({ share, trainingCalls, overall, oneToOne }) =>
        `${String(trainingCalls).padStart(6)} (${String(Math.round(share * 100)).padStart(3)} %)     ` +
        `${figure(overall.precision)} / ${figure(overall.recall)}     ${figure(oneToOne.precision)} / ${figure(oneToOne.recall)}`,
    ),
  ];
  if (new Set(points.map((point) => point.trainingCalls)).size >= 2) {
    // Figures of this kind grow about linearly in the logarithm of the data: the slope of each
    // over log2 of the calls, fitted by least squares over every point, is its gain per doubling.
    // A point with no figure (a model that found no idea has no precision) is no point of that line.
    const gain = (pick: (point: CurvePoint) => number | undefined) =>
      slope(
        points.flatMap((point) => {
          const value = pick(point);
          return value === undefined ? [] : [[Math.log2(point.trainingCalls), value] as const];
        }),
      );
    lines.push(
      `per doubling of the calls (least squares over the points): precision ${signed(gain((p) => p.overall.precision))}, ` +
        `recall ${signed(gain((p) => p.overall.recall))}`,
    );
  }
  return lines;
}

/** The least-squares slope of y over x; undefined with fewer than two distinct x. */
function slope(points: ReadonlyArray<readonly [number, number]>): number | undefined {
  if (new Set(points.map(([x]) => x)).size < 2) return undefined;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const meanX = mean(points.map(([x]) => x));
  const meanY = mean(points.map(([, y]) => y));
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return covariance / variance;
}

const signed = (value: number | undefined) => (value === undefined ? '—' : `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`);
