import { ideaOf } from '../make-idea';
import type { IdeaKind } from '../../../../../lib/transcripts/model/analysis';
import { isPostMaterial, MAX_BEST_IDEAS, selectBestIdeas } from '../../../../../lib/transcripts/ideas/best-ideas';

/** An idea of `kind` scored `score`, quoting `quote`. */
const idea = (kind: IdeaKind, score: number, quote: string) => ideaOf(kind, quote, score);

/** A quote of six words of its own, so that no two are near-duplicates. */
const distinct = (index: number) => ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((word) => `${word}${index}`).join(' ');

describe('selectBestIdeas', () => {
  it('keeps at most eight, best first, and each kind to two until every kind has had its turn', () => {
    const ideas = [
      ...[0.99, 0.98, 0.97, 0.96].map((score, index) => idea('objection', score, distinct(index))),
      ...[0.9, 0.89].map((score, index) => idea('pain_point', score, distinct(index + 4))),
      ...[0.8, 0.79, 0.78].map((score, index) => idea('customer_question', score, distinct(index + 6))),
      idea('competitor', 0.7, distinct(9)),
    ];

    const best = selectBestIdeas(ideas);

    expect(best.length).toBeLessThanOrEqual(MAX_BEST_IDEAS);
    expect(best).toEqual([0, 1, 2, 4, 5, 6, 7, 9]);
  });

  it('never offers a next step, nor a quote too short to stand on', () => {
    const ideas = [
      idea('next_step', 0.99, 'I will send the pilot proposal over to you by Friday.'),
      idea('objection', 0.9, 'Cheaper.'),
      idea('pain_point', 0.5, distinct(1)),
    ];

    expect(selectBestIdeas(ideas)).toEqual([2]);
    expect(isPostMaterial(ideas[0]!)).toBe(false);
    expect(isPostMaterial(ideas[1]!)).toBe(false);
  });

  it('tells one moment of the call once, whatever kinds it was found as', () => {
    const moment = 'Our reps waste hours every week copying call notes into spreadsheets by hand.';
    const ideas = [idea('pain_point', 0.9, moment), idea('objection', 0.8, `Honestly, ${moment}`), idea('objection', 0.7, distinct(3))];

    expect(selectBestIdeas(ideas)).toEqual([0, 2]);
  });

  it('is empty for a call without ideas', () => {
    expect(selectBestIdeas([])).toEqual([]);
  });
});
