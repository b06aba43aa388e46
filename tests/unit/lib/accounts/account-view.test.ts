import { accountStatus, accountView, groupNamesOf } from '../../../../lib/accounts/account-view';
import { accountViewSchema } from '../../../../lib/schemas/responses/account';
import type { Account } from '../../../../lib/store/accounts';
import type { Group } from '../../../../lib/store/groups';

const account: Account = {
  accountId: 'acc_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  workspaceId: 'acme',
  name: 'Jane Doe',
  profileUrl: 'https://www.linkedin.com/in/jane-doe',
  providerAccountId: 'login-1',
  mode: 'ask',
  timezone: 'Europe/Paris',
  dailyLimits: { reactions: 25, invitations: 0 },
  status: 'active',
  createdAt: '2026-01-05T10:00:00.000Z',
};
const group = (name: string, accountIds: string[]): Group => ({ workspaceId: 'acme', name, accountIds, createdAt: account.createdAt });

describe('accountView', () => {
  it("says where each limit comes from: the account's own, else the workspace's, else the default (0 is a value)", () => {
    const view = accountView(account, { limits: { daily: { reactions: 40, comments: 7 }, weeklyInvitations: 60 } }, []);

    expect(view.limits).toEqual({
      daily: {
        reactions: { value: 25, source: 'account' },
        comments: { value: 7, source: 'workspace' },
        messages: { value: 50, source: 'default' },
        invitations: { value: 0, source: 'account' },
        visits: { value: 80, source: 'default' },
        posts: { value: 2, source: 'default' },
      },
      weeklyInvitations: { value: 60, source: 'workspace' },
    });
  });

  it('shows the working hours that apply, and whose they are', () => {
    const hours = { start: '10:00', end: '16:00', days: [1, 2, 3] };

    expect(accountView(account, undefined, []).workingHours).toEqual({
      start: '09:00',
      end: '18:00',
      days: [1, 2, 3, 4, 5],
      source: 'default',
    });
    expect(accountView(account, { workingHours: hours }, []).workingHours).toEqual({ ...hours, source: 'workspace' });
    expect(
      accountView({ ...account, workingHours: { start: '08:00', end: '12:00', days: [6] } }, { workingHours: hours }, []).workingHours,
    ).toEqual({
      start: '08:00',
      end: '12:00',
      days: [6],
      source: 'account',
    });
  });

  it('is what the documented schema describes, with its links, groups and connection', () => {
    const view = accountView({ ...account, provider: 'unipile', connectedAt: '2026-01-05T10:00:00.000Z' }, undefined, ['sales']);

    expect(accountViewSchema.safeParse(view).error).toBeUndefined();
    expect(view).toMatchObject({
      status: 'active',
      paused: false,
      groups: ['sales'],
      provider: 'unipile',
      connectedAt: '2026-01-05T10:00:00.000Z',
      links: { self: `/api/v1/accounts/${account.accountId}`, usage: `/api/v1/accounts/${account.accountId}/usage` },
    });
    expect(accountView(account, undefined, [])).toMatchObject({ provider: null, connectedAt: null });
  });

  it('is disconnected while its login does not work, whether or not the workspace paused it', () => {
    const disconnectedAt = '2026-02-01T00:00:00.000Z';

    expect(accountStatus({ status: 'paused' })).toBe('paused');
    expect(accountStatus({ status: 'active', disconnectedAt })).toBe('disconnected');
    expect(accountView({ ...account, status: 'paused', disconnectedAt }, undefined, [])).toMatchObject({
      status: 'disconnected',
      paused: true,
      disconnectedAt,
    });
  });
});

describe('groupNamesOf', () => {
  it('names the groups the account is in, in the order they are listed', () => {
    const groups = [group('founders', ['acc_a']), group('Sales', ['acc_b', account.accountId]), group('zeta', [account.accountId])];

    expect(groupNamesOf(groups, account.accountId)).toEqual(['Sales', 'zeta']);
    expect(groupNamesOf(groups, 'acc_other')).toEqual([]);
  });
});
