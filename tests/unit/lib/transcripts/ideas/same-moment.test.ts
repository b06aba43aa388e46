import { groupMoments, type MomentItem } from '../../../../../lib/transcripts/ideas/same-moment';

const item = (order: number, segment = 0, last = order): MomentItem => ({ order, last, segment });
const orders = (moments: MomentItem[][]) => moments.map((moment) => moment.map((entry) => entry.order));

describe('groupMoments', () => {
  it('makes sentences in a row of one turn one moment, the best (first given) first', () => {
    expect(orders(groupMoments([item(4), item(5), item(3)]))).toEqual([[4, 5, 3]]);
  });

  it('keeps apart sentences of another turn, or with a sentence between them', () => {
    const moments = groupMoments([item(4, 1), item(2, 1), item(1, 0)]);

    expect(orders(moments)).toEqual([[4], [2], [1]]);
  });

  it('reads a quote of two sentences as ending at its second', () => {
    expect(orders(groupMoments([item(1, 0, 2), item(3)]))).toEqual([[1, 3]]);
    expect(orders(groupMoments([item(1), item(3)]))).toEqual([[1], [3]]);
  });

  it('lists the moments in the order of their best quote', () => {
    const moments = groupMoments([item(9), item(1), item(5), item(2), item(8)]);

    expect(orders(moments)).toEqual([[9, 8], [1, 2], [5]]);
  });
});
