import { randomBytes } from 'node:crypto';
import { authenticate, ApiKeyCache } from '../../../lib/auth/authenticate';
import { effectiveLimits } from '../../../lib/outreach/safety/safety-defaults';
import type { Account } from '../../../lib/store/accounts';
import { getWorkspace } from '../../../lib/store/workspaces';
import { admin } from '../../helpers/admin-cli';
import { testDb } from '../../helpers/factories';

/** The admin CLI as a person runs it, against the test stack's table. */
const json = (text: string) => JSON.parse(text) as Record<string, unknown> & Array<Record<string, unknown>>;

describe('admin CLI', () => {
  const ws = `cli-${randomBytes(4).toString('hex')}`;

  it('creates a workspace, a working key, an account in a group, and revokes the key', async () => {
    const created = await admin('workspace', 'create', ws, '--name', 'CLI test', '--pacing-window', '60');
    const key = await admin('key', 'create', '--workspace', ws, '--label', 'ci');
    const apiKey = /api-key \(shown once, store it now\): (\S+)/.exec(key.stdout)?.[1];
    const account = await admin(
      'account',
      'add',
      '--workspace',
      ws,
      '--name',
      'Jane Doe',
      '--profile-url',
      'https://fr.linkedin.com/in/Jane-Doe/',
      '--provider-account-id',
      'unipile-acc-1',
      '--mode',
      'ask',
      '--timezone',
      'Europe/Paris',
      '--working-hours',
      '08:30-17:00',
      '--limit',
      'reactions=25',
    );
    const accountId = json(account.stdout).accountId as string;
    await admin('group', 'create', '--workspace', ws, 'sales');
    const group = await admin('group', 'add', '--workspace', ws, 'sales', accountId);
    const principal = await authenticate(apiKey, testDb(), new ApiKeyCache(0));
    const keyId = json((await admin('key', 'list', '--workspace', ws)).stdout)[0]?.keyId as string;
    const revoked = await admin('key', 'revoke', '--workspace', ws, keyId);

    expect(created.code).toBe(0);
    expect(json(created.stdout)).toMatchObject({ workspaceId: ws, settings: { pacingWindowSeconds: 60 } });
    expect(apiKey).toMatch(/^wsk_/);
    expect(json(account.stdout)).toMatchObject({
      profileUrl: 'https://www.linkedin.com/in/jane-doe',
      mode: 'ask',
      timezone: 'Europe/Paris',
      workingHours: { start: '08:30', end: '17:00', days: [1, 2, 3, 4, 5] },
      dailyLimits: { reactions: 25 },
      status: 'active',
    });
    expect(json(group.stdout)).toEqual({ group: 'sales', accountIds: [accountId] });
    expect(principal.workspaceId).toBe(ws);
    expect(revoked.code).toBe(0);
    await expect(authenticate(apiKey, testDb(), new ApiKeyCache(0))).rejects.toMatchObject({ status: 401 });
    expect((await admin('key', 'list', '--workspace', ws)).stdout).not.toContain(apiKey!);
  }, 60_000);

  it('sets workspace-wide safety defaults that an account without its own follows, and an account weekly invitation limit', async () => {
    const id = `cli-${randomBytes(4).toString('hex')}`;
    await admin('workspace', 'create', id);
    const settings = await admin(
      'workspace',
      'settings',
      id,
      '--working-hours',
      '10:00-16:00',
      '--days',
      '1,2,3',
      '--limit',
      'comments=7',
      '--limit',
      'weeklyInvitations=60',
    );
    const more = await admin('workspace', 'settings', id, '--limit', 'reactions=30');
    const bad = await admin('workspace', 'settings', id, '--working-hours', '18:00-09:00');
    const dailyOverWeekly = await admin('workspace', 'settings', id, '--limit', 'invitations=61');
    const added = await admin(
      'account',
      'add',
      '--workspace',
      id,
      '--name',
      'Own Limits',
      '--profile-url',
      `https://www.linkedin.com/in/${id}-own`,
      '--provider-account-id',
      `${id}-login`,
      '--limit',
      'weeklyInvitations=40',
    );
    const account = json(added.stdout) as unknown as Account;
    const workspace = await getWorkspace(testDb(), id);

    expect(json(settings.stdout)).toMatchObject({
      workingHours: { start: '10:00', end: '16:00', days: [1, 2, 3] },
      limits: { daily: { comments: 7 }, weeklyInvitations: 60 },
    });
    // Limits merge: a later daily limit keeps the earlier ones.
    expect(json(more.stdout)).toMatchObject({ limits: { daily: { comments: 7, reactions: 30 }, weeklyInvitations: 60 } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/workingHours\.end: start must be before end/);
    // The weekly 60 set before is merged in: a day's 61 could never all go.
    expect(dailyOverWeekly.code).toBe(1);
    expect(dailyOverWeekly.stderr).toMatch(/limits\.daily\.invitations: must not exceed the weekly invitation limit/);
    expect(account.workingHours).toBeUndefined();
    expect(account.weeklyInvitations).toBe(40);
    expect(effectiveLimits(account, workspace?.settings)).toMatchObject({
      workingHours: { start: '10:00', end: '16:00', days: [1, 2, 3] }, // the workspace's: the account has none
      weeklyInvitations: 40, // the account's own beats the workspace's 60
      daily: { comment: 7, reaction: 30 },
    });
  }, 60_000);

  it('sets the spacing of touches per kind, for a workspace and an account, merged kind by kind', async () => {
    const id = `cli-${randomBytes(4).toString('hex')}`;
    await admin('workspace', 'create', id);

    const first = await admin('workspace', 'settings', id, '--spacing', 'invitations=120-600');
    const second = await admin('workspace', 'settings', id, '--spacing', 'reactions=30');
    const reversed = await admin('workspace', 'settings', id, '--spacing', 'reactions=90-30');
    const unknownKind = await admin('workspace', 'settings', id, '--spacing', 'likes=10-20');
    const overWeekly = await admin(
      'account',
      'add',
      '--workspace',
      id,
      '--name',
      'Too Many',
      '--profile-url',
      `https://www.linkedin.com/in/${id}-many`,
      '--provider-account-id',
      `${id}-many`,
      '--limit',
      'invitations=30',
      '--limit',
      'weeklyInvitations=20',
    );
    const added = await admin(
      'account',
      'add',
      '--workspace',
      id,
      '--name',
      'Own Gaps',
      '--profile-url',
      `https://www.linkedin.com/in/${id}-gaps`,
      '--provider-account-id',
      `${id}-login`,
      '--spacing',
      'visits=40-100',
      '--limit',
      'visits=30',
    );
    const account = json(added.stdout) as unknown as Account;
    const workspace = await getWorkspace(testDb(), id);

    expect(json(first.stdout)).toMatchObject({ spacing: { invitations: { minSeconds: 120, jitterSeconds: 480 } } });
    expect(json(second.stdout)).toMatchObject({
      spacing: { invitations: { minSeconds: 120, jitterSeconds: 480 }, reactions: { minSeconds: 30, jitterSeconds: 0 } },
    });
    expect([reversed.code, unknownKind.code, overWeekly.code]).toEqual([1, 1, 1]);
    expect(overWeekly.stderr).toMatch(/dailyLimits\.invitations: must not exceed the weekly invitation limit/);
    expect(reversed.stderr).toMatch(/MAX must not be below MIN/);
    expect(unknownKind.stderr).toMatch(/--spacing takes KIND=MIN-MAX/);
    expect(effectiveLimits(account, workspace?.settings)).toMatchObject({
      spacing: {
        invitation: { minSeconds: 120, jitterSeconds: 480 },
        reaction: { minSeconds: 30, jitterSeconds: 0 },
        visit: { minSeconds: 40, jitterSeconds: 60 },
      },
      daily: { visit: 30 },
    });
  }, 60_000);

  it.each([
    [['workspace', 'create', 'Bad Name!'], /workspace id "Bad Name!" must be/],
    [['key', 'create', '--workspace', 'no-such-workspace'], /workspace "no-such-workspace" does not exist/],
    [['account', 'add', '--workspace', 'no-such-workspace', '--name', 'x'], /missing --profile-url|does not exist/],
    [['group', 'frobnicate'], /unknown command "group frobnicate"/],
    [['key', 'create', '--bogus'], /Unknown option '--bogus'/],
  ])(
    'explains what is wrong and exits 1: %j',
    async (args, message) => {
      const result = await admin(...args);

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    },
    30_000,
  );

  it('prints no warning of the AWS SDK about the Node version, in a shell that never turned it off', async () => {
    const result = await admin('workspace', 'list');

    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/NodeVersionSupportWarning|Warning:/);
  }, 30_000);

  it('prints its help', async () => {
    const result = await admin('--help');

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('workspace create <id>');
    expect(result.stdout).toContain('sandbox actions');
  });
});
