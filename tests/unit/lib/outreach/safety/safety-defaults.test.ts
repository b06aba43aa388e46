import {
  defaultDailyLimits,
  defaultSpacing,
  defaultWeeklyInvitations,
  defaultWorkingHours,
  effectiveLimits,
} from '../../../../../lib/outreach/safety/safety-defaults';

const account = { timezone: 'Europe/Paris', dailyLimits: {}, workingHours: { start: '08:30', end: '17:30', days: [1, 2, 3, 4] } };

describe('defaults', () => {
  it('match common practice: ~100 invitations a week, daily caps on the rest, office hours Mon-Fri', () => {
    expect(defaultWeeklyInvitations).toBeGreaterThanOrEqual(100);
    expect(defaultWeeklyInvitations).toBeLessThanOrEqual(200);
    // The daily invitation cap lets the weekly budget be used over a working week, no faster.
    expect(defaultDailyLimits.invitation * 5).toBeGreaterThanOrEqual(defaultWeeklyInvitations);
    expect(defaultDailyLimits.invitation * 5).toBeLessThanOrEqual(defaultWeeklyInvitations * 1.5);
    for (const limit of Object.values(defaultDailyLimits)) expect(limit).toBeGreaterThan(0);
    expect(defaultWorkingHours).toEqual({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] });
  });

  it("space touches as the network's users do: invitations and messages 1-5 min apart, the rest 20 s-2 min", () => {
    const range = (kind: keyof typeof defaultSpacing) => [
      defaultSpacing[kind].minSeconds,
      defaultSpacing[kind].minSeconds + defaultSpacing[kind].jitterSeconds,
    ];
    expect(range('invitation')).toEqual([60, 300]);
    expect(range('message')).toEqual([60, 300]);
    expect(range('reaction')).toEqual([20, 120]);
    expect(range('comment')).toEqual([20, 120]);
    expect(range('visit')).toEqual([20, 120]);
    expect(defaultDailyLimits.visit).toBeGreaterThanOrEqual(50);
    expect(defaultDailyLimits.visit).toBeLessThanOrEqual(100);
  });
});

describe('effectiveLimits', () => {
  it('uses the defaults when nothing is overridden', () => {
    const limits = effectiveLimits({ ...account, workingHours: undefined as never }, undefined);
    expect(limits).toEqual({
      daily: { ...defaultDailyLimits },
      weeklyInvitations: defaultWeeklyInvitations,
      spacing: { ...defaultSpacing },
      workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
      timezone: 'Europe/Paris',
    });
  });

  it('workspace overrides the defaults; the account overrides the workspace', () => {
    const limits = effectiveLimits(
      { ...account, dailyLimits: { comments: 5, invitations: 0 } },
      { limits: { daily: { comments: 10, reactions: 80, invitations: 30 }, weeklyInvitations: 150 } },
    );
    expect(limits.daily).toEqual({
      reaction: 80, // workspace
      comment: 5, // account beats workspace
      invitation: 0, // 0 is a value (invitations off), not "unset"
      message: defaultDailyLimits.message, // default
      visit: defaultDailyLimits.visit,
      post: 2, // posts: a conservative default of their own
    });
    expect(limits.weeklyInvitations).toBe(150);
  });

  it("spacing per kind: the account's, else the workspace's, else the default", () => {
    const limits = effectiveLimits(
      { ...account, spacing: { reactions: { minSeconds: 5, jitterSeconds: 0 } } },
      { spacing: { reactions: { minSeconds: 10, jitterSeconds: 10 }, invitations: { minSeconds: 120, jitterSeconds: 60 } } },
    );
    expect(limits.spacing.reaction).toEqual({ minSeconds: 5, jitterSeconds: 0 });
    expect(limits.spacing.invitation).toEqual({ minSeconds: 120, jitterSeconds: 60 });
    expect(limits.spacing.message).toEqual(defaultSpacing.message);
  });

  it("working hours: the account's, else the workspace's, else the default", () => {
    const workspaceHours = { start: '10:00', end: '16:00', days: [1, 2, 3] };
    expect(effectiveLimits(account, { workingHours: workspaceHours }).workingHours).toEqual(account.workingHours);
    expect(effectiveLimits({ ...account, workingHours: undefined as never }, { workingHours: workspaceHours }).workingHours).toEqual(
      workspaceHours,
    );
  });

  it('returns copies the caller can change without touching the defaults', () => {
    const limits = effectiveLimits({ ...account, workingHours: undefined as never }, {});
    limits.daily.reaction = 1;
    limits.workingHours.days.push(6);
    expect(defaultDailyLimits.reaction).not.toBe(1);
    expect(defaultWorkingHours.days).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('effectiveLimits, weekly invitations', () => {
  it("the account's own weekly invitation limit beats the workspace's, which beats the default", () => {
    expect(effectiveLimits({ ...account, weeklyInvitations: 40 }, { limits: { weeklyInvitations: 150 } }).weeklyInvitations).toBe(40);
    expect(effectiveLimits({ ...account, weeklyInvitations: 0 }, { limits: { weeklyInvitations: 150 } }).weeklyInvitations).toBe(0);
    expect(effectiveLimits(account, { limits: { weeklyInvitations: 150 } }).weeklyInvitations).toBe(150);
    expect(effectiveLimits(account, undefined).weeklyInvitations).toBe(defaultWeeklyInvitations);
  });
});
