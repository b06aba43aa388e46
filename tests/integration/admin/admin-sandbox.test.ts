import { SandboxProvider } from '../../../lib/network/sandbox';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import { recordLead } from '../../../lib/store/leads';
import { connectSandboxProfiles, getSandboxRelation, listSandboxActions, listSandboxRules } from '../../../lib/store/sandbox';
import { admin } from '../../helpers/admin-cli';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, testDb } from '../../helpers/factories';
import { api } from '../../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../../helpers/jobs';
import type { ActingAccount } from '../../../lib/network/network-actions';

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
      'sandbox',
      'fail',
      '--workspace',
      ws.workspaceId,
      '--action',
      'invite',
      '--profile',
      'https://fr.linkedin.com/in/Rule-Person/',
      '--account',
      ws.accounts[1]!.accountId,
      '--status',
      '422',
      '--reason',
      'email_required',
      '--times',
      '1',
    );

    expect(result.code).toBe(0);
    const [rule] = await listSandboxRules(db, ws.workspaceId);
    expect(JSON.parse(result.stdout)).toEqual(rule);
    expect(rule).toMatchObject({
      match: { action: 'invite', profile: 'rule-person', providerAccountId: acting(1).providerAccountId },
      failure: { status: 422, reason: 'email_required' },
      remaining: 1,
    });
    await expect(new SandboxProvider(db).invite({ account: acting(1), providerId: 'sbx-rule-person' })).rejects.toMatchObject({
      reason: 'email_required',
    });
  }, 30_000);

  it('sandbox accept turns the pending invitations to a person into connections', async () => {
    const provider = new SandboxProvider(db);
    for (const index of [0, 1]) await provider.invite({ account: acting(index), providerId: 'sbx-accepting-person' });

    const one = await admin(
      'sandbox',
      'accept',
      '--workspace',
      ws.workspaceId,
      'https://www.linkedin.com/in/accepting-person',
      '--provider-account-id',
      acting(0).providerAccountId,
    );
    const rest = await admin('sandbox', 'accept', '--workspace', ws.workspaceId, 'https://www.linkedin.com/in/accepting-person');
    const none = await admin('sandbox', 'accept', '--workspace', ws.workspaceId, 'https://www.linkedin.com/in/accepting-person');

    expect(JSON.parse(one.stdout)).toEqual([
      expect.objectContaining({ providerAccountId: acting(0).providerAccountId, connectedAt: expect.any(String) }),
    ]);
    expect(JSON.parse(rest.stdout)).toEqual([expect.objectContaining({ providerAccountId: acting(1).providerAccountId })]);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect(none.stderr).toContain('no pending invitation to accepting-person');
    expect((await relationOf(1, 'accepting-person'))?.connectedAt).toEqual(expect.any(String));
  }, 30_000);

  it('sandbox connect connects an account and a person directly', async () => {
    const result = await admin(
      'sandbox',
      'connect',
      '--workspace',
      ws.workspaceId,
      '--account',
      ws.accounts[0]!.accountId,
      'https://www.linkedin.com/in/direct-person',
    );

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      providerAccountId: acting(0).providerAccountId,
      publicId: 'direct-person',
      connectedAt: expect.any(String),
    });
    const profile = await new SandboxProvider(db).resolveProfile({
      account: acting(0),
      profileUrl: 'https://www.linkedin.com/in/direct-person',
    });
    expect(profile.relation).toBe('connected');
  }, 30_000);

  describe('sandbox reply', () => {
    const lead = () => `https://www.linkedin.com/in/${ws.workspaceId}-lead`;
    let jobId: string;
    let webhookId: string;

    beforeAll(async () => {
      // A lead as the API makes one: a DM from account 0 to someone it is connected with.
      await connectSandboxProfiles(db, ws.workspaceId, acting(0).providerAccountId, lead());
      const sent = await api('POST', '/api/v1/social-selling/dm', {
        apiKey: ws.apiKey,
        body: { user: ws.accounts[0]!.profileUrl, target: lead(), message: 'Shall we talk?' },
      });
      expect(sent.status).toBe(202);
      const job = await jobInStatus(ws.apiKey, sent.headers.get('location')!, finalJobStatuses);
      expect(job.status).toBe('succeeded');
      jobId = job.jobId as string;
      const created = await admin(
        'webhook',
        'create',
        '--workspace',
        ws.workspaceId,
        '--url',
        'http://localhost:9/hooks',
        '--event',
        'lead.replied',
      );
      webhookId = JSON.parse(created.stdout).webhookId;
    }, 120_000);

    it("posts the provider's message event, as the sandbox would send it, to the stack's provider webhook: lead.replied for the lead", async () => {
      const result = await admin('sandbox', 'reply', '--workspace', ws.workspaceId, lead(), 'Happy to talk next week');

      expect(result.code).toBe(0);
      const { event, answer } = JSON.parse(result.stdout);
      expect(answer).toEqual({ received: true, handled: true, leads: 1 });
      const dm = (await listSandboxActions(db, ws.workspaceId)).find((action) => action.type === 'message' && action.target === lead());
      expect(event).toMatchObject({
        event: 'message_received',
        account_id: acting(0).providerAccountId,
        chat_id: dm?.details.chatId, // the conversation of the DM
        message: 'Happy to talk next week',
        sender: { attendee_provider_id: `sbx-${ws.workspaceId}-lead` },
      });
      const { items } = await listDeliveries(db, ws.workspaceId, webhookId, 10);
      expect(items.map((delivery) => delivery.event)).toEqual([
        expect.objectContaining({
          type: 'lead.replied',
          data: expect.objectContaining({
            jobId,
            lead: expect.objectContaining({ profileUrl: lead() }),
            account: expect.objectContaining({ accountId: ws.accounts[0]!.accountId }),
            message: expect.objectContaining({ id: event.message_id, chatId: dm?.details.chatId, text: 'Happy to talk next week' }),
          }),
        }),
      ]);
    }, 60_000);

    it('asks which account they answer when several reached them, and takes --account', async () => {
      const person = `https://www.linkedin.com/in/${ws.workspaceId}-twice`;
      for (const index of [0, 1]) {
        const account = ws.accounts[index]!;
        const providerId = `sbx-${ws.workspaceId}-twice`;
        await recordLead(
          db,
          {
            workspaceId: ws.workspaceId,
            accountId: account.accountId,
            providerAccountId: account.providerAccountId,
            providerId,
            publicIdentifier: `${ws.workspaceId}-twice`,
            profileUrl: person,
            jobId: `job_${index}`,
            jobType: 'connect',
          },
          { invitedAt: new Date().toISOString() },
          new Date(),
        );
      }

      const ambiguous = await admin('sandbox', 'reply', '--workspace', ws.workspaceId, person, 'Hello');
      const chosen = await admin(
        'sandbox',
        'reply',
        '--workspace',
        ws.workspaceId,
        person,
        'Hello',
        '--account',
        ws.accounts[1]!.accountId,
      );

      expect(ambiguous.code).toBe(1);
      expect(ambiguous.stderr).toMatch(/is a lead of several accounts .*--account ACCOUNT_ID/);
      expect(chosen.code).toBe(0);
      expect(JSON.parse(chosen.stdout)).toMatchObject({ event: { account_id: acting(1).providerAccountId }, answer: { leads: 1 } });
    }, 60_000);

    it.each([
      [
        ['https://www.linkedin.com/in/never-reached', 'hi'],
        /never-reached is not a lead of workspace .*: only a person one of its accounts invited or messaged/,
      ],
      [['https://www.linkedin.com/company/acme', 'hi'], /<profileUrl> is not a profile URL/],
      [['https://www.linkedin.com/in/someone'], /missing <text>/],
    ])(
      'refuses and exits 1: %j',
      async (args, message) => {
        const result = await admin('sandbox', 'reply', '--workspace', ws.workspaceId, ...args);

        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(message);
        expect(result.stdout).toBe('');
      },
      30_000,
    );

    it('refuses an unknown workspace', async () => {
      const result = await admin('sandbox', 'reply', '--workspace', 'no-such-workspace', lead(), 'hi');

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/workspace "no-such-workspace" does not exist/);
    }, 30_000);
  });

  it.each([
    [
      ['sandbox', 'fail', '--action', 'like', '--status', '500', '--reason', 'x'],
      /--action must be one of react, comment, get_profile, invite, message, list_relations/,
    ],
    [
      ['sandbox', 'fail', '--profile', 'https://www.linkedin.com/company/acme', '--status', '500', '--reason', 'x'],
      /--profile is not a profile URL/,
    ],
    [['sandbox', 'connect', 'https://www.linkedin.com/in/someone'], /missing --provider-account-id ID or --account ACCOUNT_ID/],
    [['sandbox', 'connect', '--account', 'acc_nope', 'https://www.linkedin.com/in/someone'], /workspace has no account acc_nope/],
    [['sandbox', 'accept', '--account', 'acc_x', '--provider-account-id', 'y', 'https://www.linkedin.com/in/someone'], /not both/],
    [['sandbox', 'accept'], /missing <profileUrl>/],
  ])(
    'explains what is wrong and exits 1: %j',
    async (args, message) => {
      const result = await admin(...args.slice(0, 2), '--workspace', ws.workspaceId, ...args.slice(2));

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    },
    30_000,
  );

  it('documents the sandbox commands in its help', async () => {
    const result = await admin('--help');

    expect(result.stdout).toMatch(/sandbox fail .*--action CALL/);
    expect(result.stdout).toContain('sandbox accept --workspace ID <profileUrl>');
    expect(result.stdout).toContain('sandbox connect --workspace ID');
    expect(result.stdout).toContain('sandbox reply --workspace ID <profileUrl> <text>');
  });
});
