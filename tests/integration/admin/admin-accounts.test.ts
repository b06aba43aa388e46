import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { getAccount } from '../../../lib/store/accounts';
import { getGroup } from '../../../lib/store/groups';
import { admin } from '../../helpers/admin-cli';
import { createTestWorkspace, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

/**
 * `npm run admin -- account update|remove` and `group create|add|remove|delete`: the CLI runs the
 * API's own use cases (lib/accounts, lib/groups), and says their refusals as its own errors.
 */
const db = testDb();
const flow = likeFlow(db, testSqs());
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('admin CLI, accounts and groups', () => {
  it('account update changes settings as PATCH does (limits merge kind by kind) and what only an administrator changes', async () => {
    const ws = await createTestWorkspace(db, {
      accounts: [{ dailyLimits: { comments: 5 }, spacing: { visits: { minSeconds: 10, jitterSeconds: 0 } } }],
    });
    const accountId = ws.accounts[0]!.accountId;

    const updated = await admin(
      'account',
      'update',
      '--workspace',
      ws.workspaceId,
      accountId,
      '--status',
      'paused',
      '--limit',
      'reactions=12',
      '--timezone',
      'Asia/Tokyo',
      '--name',
      'Renamed',
      '--spacing',
      'reactions=30-60',
    );
    const refused = await admin('account', 'update', '--workspace', ws.workspaceId, accountId, '--timezone', 'Mars/Olympus');

    expect(updated.code).toBe(0);
    expect(json(updated.stdout)).toMatchObject({
      name: 'Renamed',
      status: 'paused',
      timezone: 'Asia/Tokyo',
      dailyLimits: { comments: 5, reactions: 12 },
      spacing: { visits: { minSeconds: 10, jitterSeconds: 0 }, reactions: { minSeconds: 30, jitterSeconds: 30 } },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/timezone: must be an IANA timezone such as Europe\/Paris/);
    expect((await getAccount(db, ws.workspaceId, accountId))?.timezone).toBe('Asia/Tokyo');
  }, 60_000);

  it('account remove takes the account out of its groups and cancels its waiting actions', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const [gone, stays] = ws.accounts as [(typeof ws.accounts)[0], (typeof ws.accounts)[0]];
    const { jobId } = await flow.acceptAndPlan(ws.workspaceId, ['sales']);

    const removed = await admin('account', 'remove', '--workspace', ws.workspaceId, gone.accountId);
    const again = await admin('account', 'remove', '--workspace', ws.workspaceId, gone.accountId);

    expect(removed.code).toBe(0);
    expect(removed.stdout.trim()).toBe('removed');
    expect(removed.stderr).toContain('1 waiting action(s) cancelled: account_removed');
    expect((await getGroup(db, ws.workspaceId, 'sales'))?.accountIds).toEqual([stays.accountId]);
    expect((await getJobView(db, ws.workspaceId, jobId)).actions.find((action) => action.accountId === gone.accountId)).toMatchObject({
      status: 'cancelled',
      reason: 'account_removed',
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No account ".+" in this workspace/);
  }, 60_000);

  it('group commands refuse what the API refuses, in the CLI’s words', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1, groups: { sales: [] } });
    const accountId = ws.accounts[0]!.accountId;

    const exists = await admin('group', 'create', '--workspace', ws.workspaceId, 'SALES');
    const unknown = await admin('group', 'add', '--workspace', ws.workspaceId, 'sales', accountId, 'acc_nope');
    const added = await admin('group', 'add', '--workspace', ws.workspaceId, 'Sales', accountId);
    const removed = await admin('group', 'remove', '--workspace', ws.workspaceId, 'sales', accountId, 'acc_never_there');
    const deleted = await admin('group', 'delete', '--workspace', ws.workspaceId, 'sales');
    const noGroup = await admin('group', 'delete', '--workspace', ws.workspaceId, 'sales');

    expect([exists.code, unknown.code, added.code, removed.code, deleted.code, noGroup.code]).toEqual([1, 1, 0, 0, 0, 1]);
    expect(exists.stderr).toMatch(/group "SALES" already exists/);
    expect(unknown.stderr).toMatch(/accounts\.1: the workspace has no account "acc_nope"/);
    expect(json(added.stdout)).toEqual({ group: 'Sales', accountIds: [accountId] });
    expect(json(removed.stdout)).toEqual({ group: 'sales', accountIds: [] });
    expect(noGroup.stderr).toMatch(/No group "sales" in this workspace/);
  }, 60_000);
});
