import { SandboxProvider } from '../../../lib/network/sandbox';
import type { ActingAccount } from '../../../lib/network/provider';
import { getSandboxRelation, listSandboxRules } from '../../../lib/store/sandbox';
import { admin } from '../../helpers/admin-cli';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, testDb } from '../../helpers/factories';

/** `npm run admin -- sandbox …`: failure rules for any call, accepting invitations, connecting people. */
const db = testDb();

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 2, groups: {} });
});

const acting = (index: number): ActingAccount => ({
  workspaceId: ws.workspaceId,
  accountId: ws.accounts[index]!.accountId,
  providerAccountId: ws.accounts[index]!.providerAccountId,
});
const relationOf = (index: number, publicId: string) => getSandboxRelation(db, ws.workspaceId, acting(index).providerAccountId, publicId);

describe('admin CLI, sandbox', () => {
  it('sandbox fail --action invite --profile makes a rule for that call and person, with the account given by our id', async () => {
    const result = await admin(
      'sandbox', 'fail', '--workspace', ws.workspaceId, '--action', 'invite', '--profile', 'https://fr.linkedin.com/in/Rule-Person/',
      '--account', ws.accounts[1]!.accountId, '--status', '422', '--reason', 'email_required', '--times', '1',
    );

    expect(result.code).toBe(0);
    const [rule] = await listSandboxRules(db, ws.workspaceId);
    expect(JSON.parse(result.stdout)).toEqual(rule);
    expect(rule).toMatchObject({
      match: { action: 'invite', profile: 'rule-person', providerAccountId: acting(1).providerAccountId },
      failure: { status: 422, reason: 'email_required' },
      remaining: 1,
    });
    await expect(new SandboxProvider(db).invite({ account: acting(1), providerId: 'sbx-rule-person' })).rejects.toMatchObject({ reason: 'email_required' });
  }, 30_000);

  it('sandbox accept turns the pending invitations to a person into connections', async () => {
    const provider = new SandboxProvider(db);
    for (const index of [0, 1]) await provider.invite({ account: acting(index), providerId: 'sbx-accepting-person' });

    const one = await admin('sandbox', 'accept', '--workspace', ws.workspaceId, 'https://www.linkedin.com/in/accepting-person', '--provider-account-id', acting(0).providerAccountId);
    const rest = await admin('sandbox', 'accept', '--workspace', ws.workspaceId, 'https://www.linkedin.com/in/accepting-person');
    const none = await admin('sandbox', 'accept', '--workspace', ws.workspaceId, 'https://www.linkedin.com/in/accepting-person');

    expect(JSON.parse(one.stdout)).toEqual([expect.objectContaining({ providerAccountId: acting(0).providerAccountId, connectedAt: expect.any(String) })]);
    expect(JSON.parse(rest.stdout)).toEqual([expect.objectContaining({ providerAccountId: acting(1).providerAccountId })]);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect(none.stderr).toContain('no pending invitation to accepting-person');
    expect((await relationOf(1, 'accepting-person'))?.connectedAt).toEqual(expect.any(String));
  }, 30_000);

  it('sandbox connect connects an account and a person directly', async () => {
    const result = await admin('sandbox', 'connect', '--workspace', ws.workspaceId, '--account', ws.accounts[0]!.accountId, 'https://www.linkedin.com/in/direct-person');

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ providerAccountId: acting(0).providerAccountId, publicId: 'direct-person', connectedAt: expect.any(String) });
    const profile = await new SandboxProvider(db).resolveProfile({ account: acting(0), profileUrl: 'https://www.linkedin.com/in/direct-person' });
    expect(profile.relation).toBe('connected');
  }, 30_000);

  it.each([
    [['sandbox', 'fail', '--action', 'like', '--status', '500', '--reason', 'x'], /--action must be one of react, comment, get_profile, invite, message, list_relations/],
    [['sandbox', 'fail', '--profile', 'https://www.linkedin.com/company/acme', '--status', '500', '--reason', 'x'], /--profile is not a profile URL/],
    [['sandbox', 'connect', 'https://www.linkedin.com/in/someone'], /missing --provider-account-id ID or --account ACCOUNT_ID/],
    [['sandbox', 'connect', '--account', 'acc_nope', 'https://www.linkedin.com/in/someone'], /workspace has no account acc_nope/],
    [['sandbox', 'accept', '--account', 'acc_x', '--provider-account-id', 'y', 'https://www.linkedin.com/in/someone'], /not both/],
    [['sandbox', 'accept'], /missing <profileUrl>/],
  ])('explains what is wrong and exits 1: %j', async (args, message) => {
    const result = await admin(...args.slice(0, 2), '--workspace', ws.workspaceId, ...args.slice(2));

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  }, 30_000);

  it('documents the sandbox commands in its help', async () => {
    const result = await admin('--help');

    expect(result.stdout).toMatch(/sandbox fail .*--action CALL/);
    expect(result.stdout).toContain('sandbox accept --workspace ID <profileUrl>');
    expect(result.stdout).toContain('sandbox connect --workspace ID');
  });
});
