import { acceptSandboxInvitations, connectSandboxProfiles, listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/**
 * POST /social-selling/dm over real HTTP: to a connection; to a stranger through an invitation,
 * its acceptance (seen by the connection watch, or by the provider's webhook delivered twice) and
 * the message; with an approval, a rejection, and expiries. The local stack runs the watch every 2 s.
 */
const db = testDb();
const path = '/api/v1/social-selling/dm';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 1 });
});

const person = (workspace: TestWorkspace, name: string) => `https://www.linkedin.com/in/${workspace.workspaceId}-${name}`;
const sandboxCalls = async (workspace: TestWorkspace, type: string, publicId: string) =>
  (await listSandboxActions(db, workspace.workspaceId)).filter((action) => action.type === type && action.target.includes(publicId));

async function sendDm(workspace: TestWorkspace, body: Record<string, unknown>) {
  const accepted = await api('POST', path, { apiKey: workspace.apiKey, body: { user: workspace.accounts[0]!.profileUrl, ...body } });
  expect(accepted.status).toBe(202);
  return accepted.headers.get('location')!;
}

describe('dm, end to end', () => {
  it('messages a connection at once', async () => {
    await connectSandboxProfiles(db, ws.workspaceId, ws.accounts[0]!.providerAccountId, person(ws, 'conn'));
    const job = await jobInStatus(ws.apiKey, await sendDm(ws, { target: person(ws, 'conn'), message: 'Hello there' }), finalJobStatuses);

    expect(job).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', result: 'messaged', details: { connection: 'existing' } }],
    });
    const [message] = await sandboxCalls(ws, 'message', `${ws.workspaceId}-conn`);
    expect(message?.details.text).toBe('Hello there');
    expect(await sandboxCalls(ws, 'invite', `${ws.workspaceId}-conn`)).toHaveLength(0);
  });

  it('invites a stranger without a note, waits, and sends the DM once the connection watch sees the acceptance', async () => {
    const location = await sendDm(ws, { target: person(ws, 'watch'), message: 'Thanks for connecting' });
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_connection']);
    const [invitation] = await sandboxCalls(ws, 'invite', `${ws.workspaceId}-watch`);

    expect(waiting.actions[0]).toMatchObject({
      status: 'awaiting_connection',
      connection: { invitedAt: expect.any(String), waitsUntil: expect.any(String) },
    });
    expect(invitation?.details.note).toBeUndefined();
    expect(await sandboxCalls(ws, 'message', `${ws.workspaceId}-watch`)).toHaveLength(0);

    await acceptSandboxInvitations(db, ws.workspaceId, person(ws, 'watch'));
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({
      status: 'succeeded',
      actions: [
        { status: 'succeeded', result: 'messaged', details: { connection: 'accepted_invitation' }, connection: { seenBy: 'watch' } },
      ],
    });
    expect(await sandboxCalls(ws, 'message', `${ws.workspaceId}-watch`)).toHaveLength(1);
  });

  it('waits for the invitation a connection request sent before, and shows when that one was sent', async () => {
    const connect = await api('POST', '/api/v1/social-selling/connect', {
      apiKey: ws.apiKey,
      body: { user: ws.accounts[0]!.profileUrl, target: person(ws, 'pending') },
    });
    const connectJob = await jobInStatus(ws.apiKey, connect.headers.get('location')!, finalJobStatuses);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // The DM's own time is then visibly later.
    const waiting = await jobInStatus(ws.apiKey, await sendDm(ws, { target: person(ws, 'pending'), message: 'Following up' }), [
      'awaiting_connection',
    ]);

    expect(connectJob.actions[0]).toMatchObject({ status: 'succeeded', result: 'invited' });
    const [action] = waiting.actions;
    expect(action).toMatchObject({
      status: 'awaiting_connection',
      details: { invitation: 'already_invited' },
      connection: { waitsUntil: expect.any(String) },
    });
    // When the connection request sent it, not when the DM found it pending.
    const invitedAt = Date.parse(action!.connection.invitedAt);
    expect(invitedAt).toBeGreaterThanOrEqual(Date.parse(connectJob.actions[0]!.startedAt));
    expect(invitedAt).toBeLessThanOrEqual(Date.parse(connectJob.actions[0]!.finishedAt));
    expect(invitedAt).toBeLessThan(Date.parse(waiting.createdAt as string));
    // The DM waits its whole time (21 days by default) from when it found the invitation.
    expect(Date.parse(action!.connection.waitsUntil) - Date.parse(action!.startedAt)).toBe(21 * 86400 * 1000);
    expect(await sandboxCalls(ws, 'invite', `${ws.workspaceId}-pending`)).toHaveLength(1);
  });

  it('sends the DM once when the provider webhook reports the acceptance, even delivered twice', async () => {
    const location = await sendDm(ws, { target: person(ws, 'hook'), message: 'Webhook hello' });
    await jobInStatus(ws.apiKey, location, ['awaiting_connection']);
    const publicId = `${ws.workspaceId}-hook`;
    const event = {
      event: 'new_relation',
      account_id: ws.accounts[0]!.providerAccountId,
      user_public_identifier: publicId,
      user_profile_url: person(ws, 'hook'),
      user_full_name: 'Hook Person',
    };
    const headers = { 'x-webhook-secret': process.env.UNIPILE_WEBHOOK_SECRET ?? '' };

    // Accepted on the network; told at once, twice, before the watch's next run has a chance to matter.
    await acceptSandboxInvitations(db, ws.workspaceId, person(ws, 'hook'));
    const [first, second] = await Promise.all([
      api('POST', '/api/v1/webhooks/unipile', { body: event, headers }),
      api('POST', '/api/v1/webhooks/unipile', { body: event, headers }),
    ]);
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // A watch run after the end must change nothing.

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(job.status).toBe('succeeded');
    // One of the two deliveries resumed the DM, the other found it resumed; only if the 2-second
    // watch got there in the few milliseconds between did neither, and the job says so.
    const resumed = Number(first.body.resumed) + Number(second.body.resumed);
    expect(job.actions[0]!.connection).toMatchObject({ seenBy: resumed === 1 ? 'webhook' : 'watch' });
    expect(resumed).toBeLessThanOrEqual(1);
    expect(await sandboxCalls(ws, 'message', publicId)).toHaveLength(1);
  });

  it('refuses a webhook call without the secret', async () => {
    const refused = await api('POST', '/api/v1/webhooks/unipile', {
      body: { event: 'new_relation' },
      headers: { 'x-webhook-secret': 'wrong' },
    });

    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it('with get_approved, asks first; approved, it goes on to the relation check and the message', async () => {
    await connectSandboxProfiles(db, ws.workspaceId, ws.accounts[0]!.providerAccountId, person(ws, 'appr'));
    const location = await sendDm(ws, { target: person(ws, 'appr'), message: 'Proposed text', get_approved: true });
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);
    expect(await sandboxCalls(ws, 'message', `${ws.workspaceId}-appr`)).toHaveLength(0);

    const approvalId = waiting.actions[0]!.approval.approvalId as string;
    await api('POST', `/api/v1/approvals/${approvalId}`, { apiKey: ws.apiKey, body: { decision: 'approve', text: 'Approved text' } });
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({ status: 'succeeded', actions: [{ result: 'messaged', approval: { decision: 'approved' } }] });
    const [message] = await sandboxCalls(ws, 'message', `${ws.workspaceId}-appr`);
    expect(message?.details.text).toBe('Approved text');
    // The job shows what was sent (the approver's edit) beside what was asked.
    expect(job).toMatchObject({ request: { message: 'Proposed text' }, actions: [{ text: 'Approved text' }] });
  });

  it('with get_approved, a rejection ends the job rejected and nothing is sent', async () => {
    const location = await sendDm(ws, { target: person(ws, 'rej'), message: 'Never sent', get_approved: true });
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);
    await api('POST', `/api/v1/approvals/${waiting.actions[0]!.approval.approvalId}`, { apiKey: ws.apiKey, body: { decision: 'reject' } });
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({ status: 'rejected', actions: [{ status: 'rejected' }] });
    expect(
      await listSandboxActions(db, ws.workspaceId).then((all) => all.filter((a) => a.target.includes(`${ws.workspaceId}-rej`))),
    ).toHaveLength(0);
  });

  it('an approval nobody decides expires, and the job ends expired', async () => {
    const quick = await createTestWorkspace(db, { accounts: 1, settings: { approvalExpirySeconds: 1 } });
    const location = await sendDm(quick, { target: person(quick, 'late'), message: 'Too late', get_approved: true });
    const job = await jobInStatus(quick.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({
      status: 'expired',
      actions: [{ status: 'expired', reason: 'approval_expired', approval: { decision: 'expired' } }],
    });
    const approval = await api('GET', `/api/v1/approvals/${job.actions[0]!.approval.approvalId}`, { apiKey: quick.apiKey });
    expect(approval.body).toMatchObject({ status: 'expired', decidedVia: 'expiry' });
  });

  it('a DM whose invitation is never accepted expires', async () => {
    const quick = await createTestWorkspace(db, { accounts: 1, settings: { connectionExpirySeconds: 2 } });
    const location = await sendDm(quick, { target: person(quick, 'ghost'), message: 'Anyone?' });
    const job = await jobInStatus(quick.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({ status: 'expired', actions: [{ status: 'expired', reason: 'invitation_not_accepted' }] });
    expect(await sandboxCalls(quick, 'message', `${quick.workspaceId}-ghost`)).toHaveLength(0);
  });
});
