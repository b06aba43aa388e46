import { accountSettingsChange } from '../../../../lib/accounts/update-account';
import { ValidationError } from '../../../../lib/errors';

const current = { dailyLimits: { reactions: 25, comments: 5 }, weeklyInvitations: 40 };

describe('accountSettingsChange (what a PATCH writes)', () => {
  it('writes only the fields named; paused maps to the stored status', () => {
    expect(accountSettingsChange(current, { mode: 'ask', paused: true })).toEqual({ mode: 'ask', status: 'paused' });
    expect(accountSettingsChange(current, { paused: false, timezone: 'Asia/Tokyo' })).toEqual({ status: 'active', timezone: 'Asia/Tokyo' });
  });

  it('merges daily limits kind by kind: a number sets one, null removes it, others stay', () => {
    expect(accountSettingsChange(current, { limits: { daily: { reactions: null, invitations: 10 } } })).toEqual({
      dailyLimits: { comments: 5, invitations: 10 },
    });
  });

  it('goes back to the workspace with null: working hours, the weekly limit, all daily limits, or all limits', () => {
    const removesHours = accountSettingsChange(current, { workingHours: null });
    const removesWeekly = accountSettingsChange(current, { limits: { weeklyInvitations: null } });

    expect(removesHours).toEqual({ workingHours: undefined });
    expect('workingHours' in removesHours).toBe(true);
    expect(removesWeekly).toEqual({ weeklyInvitations: undefined });
    expect('weeklyInvitations' in removesWeekly).toBe(true);
    expect(accountSettingsChange(current, { limits: { daily: null } })).toEqual({ dailyLimits: {} });
    expect(accountSettingsChange(current, { limits: null })).toEqual({ dailyLimits: {}, weeklyInvitations: undefined });
  });

  it("refuses daily invitations over the account's own weekly limit, stored or sent", () => {
    const refused = (change: () => unknown) => {
      try {
        change();
      } catch (error) {
        return error instanceof ValidationError ? error.errors : error;
      }
      return 'accepted';
    };

    expect(refused(() => accountSettingsChange(current, { limits: { daily: { invitations: 41 } } }))).toEqual([
      { path: 'limits.daily.invitations', message: 'must not exceed the weekly invitation limit (40 for this account)' },
    ]);
    expect(refused(() => accountSettingsChange({ dailyLimits: { invitations: 30 } }, { limits: { weeklyInvitations: 20 } }))).toEqual([
      { path: 'limits.daily.invitations', message: 'must not exceed the weekly invitation limit (20 for this account)' },
    ]);
    // Without a weekly limit of its own, the account's daily one is not bounded here (the workspace's may change).
    expect(refused(() => accountSettingsChange(current, { limits: { daily: { invitations: 41 }, weeklyInvitations: null } }))).toBe(
      'accepted',
    );
  });
});
