import { groupMoments, type MomentItem } from '../../../../../lib/transcripts/ideas/same-moment';

const item = (order: number, score: number, segment = 0, last = order): MomentItem => ({ order, last, segment, score });
const orders = (moments: MomentItem[][]) => moments.map((moment) => moment.map((entry) => entry.order));

describe('groupMoments', () => {
  it('makes sentences in a row of one turn one moment, its best quote first', () => {
    expect(orders(groupMoments([item(3, 0.5), item(4, 0.7), item(5, 0.6)]))).toEqual([[4, 5, 3]]);
  });

  it('keeps apart sentences of another turn, or with a sentence between them', () => {
    const moments = groupMoments([item(1, 0.5, 0), item(2, 0.6, 1), item(4, 0.7, 1)]);

    expect(orders(moments)).toEqual([[4], [2], [1]]);
  });

  it('reads a quote of two sentences as ending at its second', () => {
    expect(orders(groupMoments([item(1, 0.5, 0, 2), item(3, 0.4)]))).toEqual([[1, 3]]);
    expect(orders(groupMoments([item(1, 0.5), item(3, 0.4)]))).toEqual([[1], [3]]);
  });

  it('lists moments best first, an earlier one first on a tie, whatever order they come in', () => {
    const moments = groupMoments([item(9, 0.5), item(1, 0.5), item(5, 0.8)]);

    expect(orders(moments)).toEqual([[5], [1], [9]]);
  });
});
