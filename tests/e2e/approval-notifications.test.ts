import type { Browser } from 'playwright-core';
import { randomBase62 } from '../../lib/ids';
import { connectSandboxProfiles, listSandboxActions } from '../../lib/store/sandbox';
import { launchBrowser } from '../helpers/browser';
import { createTestWorkspace, testDb, type TestWorkspace } from '../helpers/factories';
import { api, eventually } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';
import { mailsTo } from '../helpers/ses-mailbox';
import { startSlackReceiver, type SlackReceiver } from '../helpers/slack-receiver';

/**
 * Approval requests reach the person, end to end over HTTP against serverless offline: a DM with
 * `get_approved` → the notifications worker mails the account's owner through the local SES
 * emulator (read back from its `/store`) and posts to the workspace's Slack webhook (a local
 * receiver) → the link in the mail, opened in a real browser without JavaScript, approves → the DM
 * is sent. A reminder goes out once before the approval expires; a decided one gets none.
 */
const db = testDb();

let browser: Browser;
let slack: SlackReceiver;
beforeAll(async () => {
  [browser, slack] = await Promise.all([launchBrowser(), startSlackReceiver()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), slack?.close()]);
});

const profile = (ws: TestWorkspace, who: string) => `https://www.linkedin.com/in/${ws.workspaceId}-${who}`;
const ownerEmail = () => `owner-${randomBase62(10).toLowerCase()}@customer.example`;

async function dmWithApproval(ws: TestWorkspace, who: string, message: string): Promise<string> {
  await connectSandboxProfiles(db, ws.workspaceId, ws.accounts[0]!.providerAccountId, profile(ws, who));
  const accepted = await api('POST', '/api/v1/social-selling/dm', {
    apiKey: ws.apiKey,
    body: { user: ws.accounts[0]!.profileUrl, target: profile(ws, who), message, get_approved: true },
  });
  expect(accepted.status).toBe(202);
  return accepted.headers.get('location')!;
}

describe('approval requests reach the person', () => {
  it('mails the owner a working link and posts to Slack; approving from the mail sends the DM', async () => {
    const email = ownerEmail();
    const ws = await createTestWorkspace(db, { accounts: [{ ownerEmail: email }] });
    const patched = await api('PATCH', '/api/v1/workspace', {
      apiKey: ws.apiKey,
      body: { slackWebhookUrl: `https://hooks.slack.com/services/T0/B0/${ws.workspaceId}` },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      workspaceId: ws.workspaceId,
      slackWebhookUrl: `https://hooks.slack.com/…${ws.workspaceId.slice(-4)}`,
    });

    const location = await dmWithApproval(ws, 'mailed', 'Hi, <b>glad</b> we met.');
    const [mail] = await eventually(
      async () => {
        const mails = await mailsTo(email);
        return mails.length ? mails : undefined;
      },
      undefined,
      'the approval mail in the SES emulator',
    );
    const slackPost = await eventually(
      async () => slack.posts.find((post) => post.path === `/services/T0/B0/${ws.workspaceId}`),
      undefined,
      'the Slack post',
    );

    expect(mail).toMatchObject({ from: 'approvals@outreach.example', subject: expect.stringMatching(/^Approve your message to /) });
    expect(mail!.body.html).toContain('Hi, &lt;b&gt;glad&lt;/b&gt; we met.');
    const link = /https?:\/\/\S+\/approve\/[A-Za-z0-9]+/.exec(mail!.body.text!)?.[0];
    expect(link).toBeDefined();
    expect(slackPost.body.text).toContain(`<${link}|Approve, edit or reject>`);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto(link!))?.status()).toBe(200);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Approve and send' }).click()]);
    await context.close();

    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);
    expect(job).toMatchObject({ status: 'succeeded', actions: [{ result: 'messaged', approval: { decision: 'approved' } }] });
    const sent = (await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'message');
    expect(sent.map((action) => action.details.text)).toEqual(['Hi, <b>glad</b> we met.']);
    const approval = await api('GET', `/api/v1/approvals/${job.actions[0]!.approval.approvalId}`, { apiKey: ws.apiKey });
    const { notifications } = approval.body as { notifications: Array<{ channel: string; purpose: string; status: string }> };
    expect(notifications.map((n) => `${n.channel}:${n.purpose}:${n.status}`).sort()).toEqual(['email:request:sent', 'slack:request:sent']);
  });

  it('reminds once before an open approval expires, and never after it was decided', async () => {
    // Approvals of 20 s; the test stack reminds 15 s before expiry: due 5 s after the request.
    const email = ownerEmail();
    const ws = await createTestWorkspace(db, { accounts: [{ ownerEmail: email }], settings: { approvalExpirySeconds: 20 } });
    const decidedEmail = ownerEmail();
    const decided = await createTestWorkspace(db, { accounts: [{ ownerEmail: decidedEmail }], settings: { approvalExpirySeconds: 20 } });

    await dmWithApproval(ws, 'reminded', 'Still there?');
    const decidedLocation = await dmWithApproval(decided, 'decided', 'Decided at once');
    const waiting = await jobInStatus(decided.apiKey, decidedLocation, ['awaiting_approval']);
    await api('POST', `/api/v1/approvals/${waiting.actions[0]!.approval.approvalId}`, {
      apiKey: decided.apiKey,
      body: { decision: 'reject' },
    });

    const reminders = await eventually(
      async () => {
        const mails = (await mailsTo(email)).filter((mail) => mail.subject.startsWith('Reminder:'));
        return mails.length ? mails : undefined;
      },
      undefined,
      'the reminder mail',
    );
    // Past the approval's expiry, with sweeps every 2 s: still one reminder, and none for the decided one.
    await new Promise((resolve) => setTimeout(resolve, 17_000));

    expect(reminders[0]!.body.text).toMatch(/^A reminder: a message from your account .* still waits for your approval/);
    expect((await mailsTo(email)).map((mail) => mail.subject.split(':')[0])).toEqual(['Approve your message to a contact', 'Reminder']);
    expect((await mailsTo(decidedEmail)).map((mail) => mail.subject)).toEqual(['Approve your message to a contact']);
  });
});
