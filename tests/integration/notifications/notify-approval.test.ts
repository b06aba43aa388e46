import { SESv2Client } from '@aws-sdk/client-sesv2';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newId, randomBase62 } from '../../../lib/ids';
import { notifyApproval, type NotifyApprovalDeps } from '../../../lib/notifications/notify-approval';
import { defaultSes } from '../../../lib/notifications/send-email';
import type { NotifyApprovalMessage } from '../../../lib/queue/messages';
import { LAST_DELIVERY } from '../../../lib/queue/sqs-worker';
import { approvalNotificationItems, getNotification } from '../../../lib/store/approval-notifications';
import { getApproval, type Approval } from '../../../lib/store/approvals';
import { keys } from '../../../lib/store/keys';
import { transactWrite } from '../../../lib/store/transact';
import { updateWorkspaceSettings } from '../../../lib/store/workspaces';
import { createTestWorkspace, testDb } from '../../helpers/factories';
import { mailsTo } from '../../helpers/ses-mailbox';
import { startSlackReceiver, type SlackReceiver } from '../../helpers/slack-receiver';

/**
 * The notifications worker's use case against the real emulators: DynamoDB Local, and the SES
 * emulator the test stack started (AWS_ENDPOINT_URL_SESV2), read back from its `/store`; Slack's
 * webhook is a local receiver. The approval and its notifications are written as the planner writes them.
 */
const db = testDb();
const deps = (overrides: Partial<NotifyApprovalDeps> = {}): NotifyApprovalDeps => ({
  db,
  ses: defaultSes(),
  fromEmail: 'approvals@outreach.example',
  publicBaseUrl: 'https://api.outreach.example',
  slackOrigin: process.env.SLACK_WEBHOOK_ORIGIN!,
  slackTimeoutMs: 2000,
  leaseSeconds: 60,
  ...overrides,
});

let slack: SlackReceiver;
beforeAll(async () => {
  slack = await startSlackReceiver();
});
afterAll(async () => {
  await slack.close();
});
afterEach(() => slack.answerWith(200));

/** A workspace whose account's owner is `ownerEmail`, and a pending DM approval of it with its notifications. */
async function pendingApproval(options: { ownerEmail?: string; validForSeconds?: number } = {}) {
  const ws = await createTestWorkspace(db, { accounts: [{ ...(options.ownerEmail ? { ownerEmail: options.ownerEmail } : {}) }] });
  const account = ws.accounts[0]!;
  const now = new Date();
  const approval: Approval = {
    workspaceId: ws.workspaceId,
    approvalId: newId('apr'),
    token: randomBase62(32),
    jobId: newId('job'),
    accountId: account.accountId,
    kind: 'dm',
    status: 'pending',
    sender: { accountId: account.accountId, name: account.name, profileUrl: account.profileUrl },
    target: { url: 'https://www.linkedin.com/in/jane-doe', name: 'Jane <Doe>' },
    text: 'Hi Jane, <b>great</b> to meet you.',
    maxLength: 8000,
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + (options.validForSeconds ?? 86_400 * 3) * 1000).toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + 86_400 * 30,
  };
  await transactWrite(db, [
    { Put: { TableName: db.table, Item: { ...keys.approval(approval.workspaceId, approval.approvalId), ...approval } } },
    ...approvalNotificationItems(db, approval, 86_400, now),
  ]);
  const message: NotifyApprovalMessage = { v: 1, workspaceId: ws.workspaceId, approvalId: approval.approvalId, purpose: 'request' };
  return { ws, approval, message };
}

const owner = () => `owner-${randomBase62(10).toLowerCase()}@customer.example`;

describe('notifyApproval', () => {
  it("mails the account's owner once: who asks, the text, the link, the deadline; a redelivery sends nothing more", async () => {
    const email = owner();
    const { approval, message } = await pendingApproval({ ownerEmail: email });

    const first = await notifyApproval(deps(), message);
    const again = await notifyApproval(deps(), message, 2);

    const mails = await mailsTo(email);
    expect([first, again]).toEqual(['sent', 'not_claimed']);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'approvals@outreach.example', subject: 'Approve your message to Jane <Doe>' });
    expect(mails[0]!.body.text).toContain(`https://api.outreach.example/approve/${approval.token}`);
    expect(mails[0]!.body.html).toContain('Hi Jane, &lt;b&gt;great&lt;/b&gt; to meet you.');
    const stored = await getApproval(db, approval.workspaceId, approval.approvalId);
    expect(stored?.notifications).toEqual([{ channel: 'email', purpose: 'request', status: 'sent', at: expect.any(String) }]);
    expect(await getNotification(db, approval.workspaceId, approval.approvalId, 'request')).toMatchObject({ status: 'done' });
  });

  it("posts to the workspace's Slack webhook too, through SLACK_WEBHOOK_ORIGIN, escaped", async () => {
    const email = owner();
    const { ws, approval, message } = await pendingApproval({ ownerEmail: email });
    await updateWorkspaceSettings(db, ws.workspaceId, { slackWebhookUrl: `https://hooks.slack.com/services/T1/B2/${ws.workspaceId}` });

    await notifyApproval(deps(), message);

    const post = slack.posts.find((each) => each.path === `/services/T1/B2/${ws.workspaceId}`);
    expect(post?.body.text).toContain('Approval requested');
    expect(post?.body.text).toContain('Jane &lt;Doe&gt;');
    expect(post?.body.text).toContain(`<https://api.outreach.example/approve/${approval.token}|Approve, edit or reject>`);
    const stored = await getApproval(db, approval.workspaceId, approval.approvalId);
    expect(stored?.notifications?.map((n) => `${n.channel}:${n.status}`)).toEqual(['email:sent', 'slack:sent']);
  });

  it('sends nothing for an approval decided before its notification went out', async () => {
    const email = owner();
    const { approval, message } = await pendingApproval({ ownerEmail: email });
    await db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.approval(approval.workspaceId, approval.approvalId),
          ...approval,
          status: 'approved',
          decidedAt: new Date().toISOString(),
        },
      }),
    );

    const outcome = await notifyApproval(deps(), message);

    expect(outcome).toBe('skipped');
    expect(await mailsTo(email)).toEqual([]);
    expect(await getNotification(db, approval.workspaceId, approval.approvalId, 'request')).toMatchObject({
      status: 'done',
      skipped: 'approval_closed',
    });
  });

  it('retries a failed channel with its message, sends only what failed, and records it failed on the last delivery', async () => {
    const email = owner();
    const { ws, approval, message } = await pendingApproval({ ownerEmail: email });
    await updateWorkspaceSettings(db, ws.workspaceId, { slackWebhookUrl: `https://hooks.slack.com/services/T1/B2/${ws.workspaceId}` });
    slack.answerWith(500);

    await expect(notifyApproval(deps(), message, 1)).rejects.toThrow(/failed on slack/);
    await expect(notifyApproval(deps(), message, LAST_DELIVERY - 1)).rejects.toThrow(/failed on slack/);
    const last = await notifyApproval(deps(), message, LAST_DELIVERY);

    expect(last).toBe('failed');
    // The email went once, at the first delivery; only Slack was tried again.
    expect(await mailsTo(email)).toHaveLength(1);
    expect(slack.posts.filter((post) => post.path === `/services/T1/B2/${ws.workspaceId}`)).toHaveLength(3);
    const stored = await getApproval(db, approval.workspaceId, approval.approvalId);
    expect(stored?.status).toBe('pending');
    expect(stored?.notifications).toEqual([
      { channel: 'email', purpose: 'request', status: 'sent', at: expect.any(String) },
      {
        channel: 'slack',
        purpose: 'request',
        status: 'failed',
        at: expect.any(String),
        error: expect.stringContaining('Slack answered 500'),
      },
    ]);
  });

  it('records an SES refusal as failed on the last delivery, and the approval stays as it was', async () => {
    const email = owner();
    const { approval, message } = await pendingApproval({ ownerEmail: email });
    const refusing = new SESv2Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });

    const outcome = await notifyApproval(deps({ ses: refusing }), message, LAST_DELIVERY);

    expect(outcome).toBe('failed');
    const stored = await getApproval(db, approval.workspaceId, approval.approvalId);
    expect(stored).toMatchObject({ status: 'pending', notifications: [{ channel: 'email', status: 'failed' }] });
  });

  it('tells nobody when the account has no owner email and the workspace no Slack webhook', async () => {
    const { approval, message } = await pendingApproval();

    expect(await notifyApproval(deps(), message)).toBe('skipped');
    expect(await getNotification(db, approval.workspaceId, approval.approvalId, 'request')).toMatchObject({
      status: 'done',
      skipped: 'no_channel',
    });
  });

  it('makes a reminder notification due its time before expiry, and none when that time has passed', async () => {
    const long = await pendingApproval({ ownerEmail: owner(), validForSeconds: 86_400 * 3 });
    const short = await pendingApproval({ ownerEmail: owner(), validForSeconds: 3600 });

    const reminder = await getNotification(db, long.approval.workspaceId, long.approval.approvalId, 'reminder');

    expect(Date.parse(reminder!.dueAt)).toBe(Date.parse(long.approval.validUntil) - 86_400_000);
    expect(await getNotification(db, short.approval.workspaceId, short.approval.approvalId, 'reminder')).toBeUndefined();
    // Not due yet: a message for it now claims nothing.
    expect(await notifyApproval(deps(), { ...long.message, purpose: 'reminder' })).toBe('not_claimed');
  });
});
