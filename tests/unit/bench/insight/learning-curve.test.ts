import { curveLines, learningCurve } from '../../../../bench/insight/learning-curve';
import { tinyLabelledCall } from '../../../fixtures/transcripts/tiny-labelled-call';

const calls = ['a', 'b', 'c'].map((id) => ({ ...tinyLabelledCall, id }));
const options = { folds: 3, shares: [0.5, 1], draws: 2 };

describe('learning curve', () => {
  it('scores every call at each share, by models that learnt from that share of the other folds, each draw pooled', () => {
    const points = learningCurve(calls, options);

    expect(points.map((point) => point.trainingCalls)).toEqual([1, 2]);
    // A share under 1 is drawn twice; all the other calls are the same in every draw.
    expect(points.map((point) => point.scores.map((score) => score.call.id).sort())).toEqual([
      ['a', 'a', 'b', 'b', 'c', 'c'],
      ['a', 'b', 'c'],
    ]);
    const [, whole] = points;
    expect(whole!.overall).toMatchObject({ kind: 'overall', found: expect.any(Number), missed: expect.any(Number) });
    expect(whole!.overall.found + whole!.overall.missed).toBe(3 * 3);
  });

  it('is the same every run', () => {
    const figures = () => learningCurve(calls, options).map(({ overall, oneToOne }) => ({ overall, oneToOne }));

    expect(figures()).toEqual(figures());
  });

  it('prints a line per share and the gain per doubling of the calls', () => {
    const lines = curveLines(learningCurve(calls, options));

    expect(lines).toHaveLength(4);
    // A model learnt from one tiny call may find no idea at all: its precision is then no figure.
    const figure = String.raw`(?:\d\.\d{3}|—)`;
    expect(lines[1]).toMatch(new RegExp(String.raw`^\s+1 \( 50 %\)\s+${figure} / ${figure}\s+${figure} / ${figure}$`));
    expect(lines[3]).toMatch(
      /^per doubling of the calls \(least squares over the points\): precision (?:[+−]\d\.\d{3}|—), recall [+−]\d\.\d{3}$/,
    );
  });

  it('refuses fewer calls than folds, and a share outside (0, 1]', () => {
    expect(() => learningCurve(calls.slice(0, 2), options)).toThrow('needs at least 3 calls, not 2');
    expect(() => learningCurve(calls, { ...options, shares: [0] })).toThrow('a share must be in (0, 1], not 0');
    expect(() => learningCurve(calls, { ...options, shares: [1.5] })).toThrow('not 1.5');
  });
});
