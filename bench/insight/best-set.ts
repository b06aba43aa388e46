import { MAX_BEST_IDEAS, selectBestIdeas } from '../../lib/transcripts/ideas/best-ideas';
import { scoreCall, tallyByKind, type CallScore } from './score-ideas';

/** What the default set of ideas (the best a call offers, `selectBestIdeas`) is made of, over scored calls. */
export interface BestSetFigures {
  calls: number;
  /** Ideas in the default sets, and the most in one call. */
  ideas: number;
  most: number;
  /** Kinds per call, on average. */
  meanKinds: number;
  /** Of the default sets' ideas: those that match a required label, and those that match none. */
  right: number;
  wrong: number;
  precision: number | undefined;
  /** Next steps offered as post material: never. */
  nextSteps: number;
}

/** The default set of each scored call, chosen as the service chooses it from the same ideas, and scored against its labels. */
export function bestSetFigures(scores: readonly CallScore[]): BestSetFigures {
  const best = scores.map((score) => {
    const ideas = selectBestIdeas(score.ideas).map((index) => score.ideas[index]!);
    return { ideas, score: scoreCall(score.call, ideas) };
  });
  const overall = tallyByKind(best.map((entry) => entry.score)).find((tally) => tally.kind === 'overall')!;
  const ideas = best.reduce((sum, entry) => sum + entry.ideas.length, 0);
  return {
    calls: scores.length,
    ideas,
    most: Math.max(0, ...best.map((entry) => entry.ideas.length)),
    meanKinds: best.reduce((sum, entry) => sum + new Set(entry.ideas.map((idea) => idea.kind)).size, 0) / Math.max(1, scores.length),
    right: overall.right,
    wrong: overall.wrong,
    precision: overall.precision,
    nextSteps: best.reduce((sum, entry) => sum + entry.ideas.filter((idea) => idea.kind === 'next_step').length, 0),
  };
}

/** The figures as report lines. */
export function bestSetLines(figures: BestSetFigures): string[] {
  const perCall = (figures.ideas / Math.max(1, figures.calls)).toFixed(1);
  return [
    `  ${perCall} ideas a call (at most ${figures.most}; the limit is ${MAX_BEST_IDEAS}), ${figures.meanKinds.toFixed(1)} kinds a call, ${figures.nextSteps} next steps`,
    `  precision ${figures.precision === undefined ? '-' : figures.precision.toFixed(2)} (${figures.right}/${figures.right + figures.wrong}) of the ideas offered`,
  ];
}
