import { clampDelaySeconds } from '../../../../lib/queue/send';

describe('clampDelaySeconds', () => {
  it('rounds up to whole seconds, is capped at 15 minutes and never negative', () => {
    expect(clampDelaySeconds(30.2)).toBe(31);
    expect(clampDelaySeconds(86_400)).toBe(900);
    expect(clampDelaySeconds(-3_600)).toBe(0);
    expect(clampDelaySeconds()).toBe(0);
  });
});
