import { newId } from '../../lib/ids';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/store/keys';
import { getLead } from '../../lib/store/leads';
import { acceptSandboxInvitations, connectSandboxProfiles, listSandboxActions, putSandboxRule } from '../../lib/store/sandbox';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, eventually } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/** POST /social-selling/connect over real HTTP, through the workers and the sandbox network. */
const db = testDb();
const path = '/api/v1/social-selling/connect';

let ws: TestWorkspace;
let user: string;
beforeAll(async () => {
  ws = await createTestWorkspace(db, { accounts: 1 });
  user = ws.accounts[0]!.profileUrl;
});

const person = (name: string) => `https://www.linkedin.com/in/${ws.workspaceId}-${name}`;
const invitationsTo = async (publicId: string) =>
  (await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'invite' && action.target.includes(publicId));

async function connect(body: Record<string, unknown>) {
  const accepted = await api('POST', path, { apiKey: ws.apiKey, body: { user, ...body } });
  expect(accepted.status).toBe(202);
  return jobInStatus(ws.apiKey, accepted.headers.get('location')!, finalJobStatuses);
}

describe('connect, end to end', () => {
  it('sends the invitation with its note and email', async () => {
    const job = await connect({
      target: `${person('ann')}/?trk=x`,
      message: 'Met you at the summit, let us connect.',
      email: 'ann@example.com',
    });

    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', result: 'invited', sandbox: true }] });
    const [invitation] = await invitationsTo(`${ws.workspaceId}-ann`);
    expect(invitation?.details).toMatchObject({ note: 'Met you at the summit, let us connect.', email: 'ann@example.com' });
  });

  it('sends an invitation without a note or email', async () => {
    const job = await connect({ target: person('bob') });

    expect(job.actions[0]).toMatchObject({ status: 'succeeded', result: 'invited' });
    const [invitation] = await invitationsTo(`${ws.workspaceId}-bob`);
    expect(invitation?.details.note).toBeUndefined();
    expect(invitation?.details.email).toBeUndefined();
  });

  it('succeeds with already_connected, and sends nothing, when they are connected', async () => {
    await connectSandboxProfiles(db, ws.workspaceId, ws.accounts[0]!.providerAccountId, person('cat'));
    const job = await connect({ target: person('cat') });

    expect(job).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', result: 'already_connected' }] });
    expect(await invitationsTo(`${ws.workspaceId}-cat`)).toHaveLength(0);
  });

  it('succeeds with already_invited when an invitation is pending', async () => {
    await connect({ target: person('dan') });
    const second = await connect({ target: person('dan') });

    expect(second.actions[0]).toMatchObject({ status: 'succeeded', result: 'already_invited' });
    expect(await invitationsTo(`${ws.workspaceId}-dan`)).toHaveLength(1);
  });

  it('fails with email_required when the network wants the email and none was given', async () => {
    await putSandboxRule(db, {
      ruleId: newId('sbx'),
      workspaceId: ws.workspaceId,
      match: { action: 'invite', profile: `${ws.workspaceId}-eve` },
      failure: { status: 422, reason: 'email_required' },
      createdAt: new Date().toISOString(),
    });
    const without = await connect({ target: person('eve') });
    const withEmail = await connect({ target: person('eve'), email: 'eve@example.com' });

    expect(without).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'email_required' }] });
    expect(withEmail.actions[0]).toMatchObject({ status: 'succeeded', result: 'invited' });
  });

  it('watches its invitation for an acceptance only as long as the workspace waits for one', async () => {
    const brief = await createTestWorkspace(db, { accounts: 1, settings: { connectionExpirySeconds: 1 } });
    const invitee = `https://www.linkedin.com/in/${brief.workspaceId}-late`;
    const sent = await api('POST', path, { apiKey: brief.apiKey, body: { user: brief.accounts[0]!.profileUrl, target: invitee } });
    const job = await jobInStatus(brief.apiKey, sent.headers.get('location')!, finalJobStatuses);
    const [invitation] = (await listSandboxActions(db, brief.workspaceId)).filter((action) => action.type === 'invite');
    const providerId = String(invitation?.details.providerId);
    const watched = () =>
      db.client.send(
        new GetCommand({ TableName: db.table, Key: keys.invitationWatch(brief.workspaceId, brief.accounts[0]!.accountId, providerId) }),
      );

    expect(job.actions[0]).toMatchObject({ status: 'succeeded', result: 'invited' });
    // The stack's connection watch (every 2 s) drops it once its second is over...
    await eventually(async () => ((await watched()).Item ? undefined : true), undefined, 'the invitation to be no longer watched');
    // ...so an acceptance after that is not looked for (the provider's webhook would still report it).
    await acceptSandboxInvitations(db, brief.workspaceId, invitee);
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const lead = await getLead(db, brief.workspaceId, brief.accounts[0]!.accountId, providerId);
    expect(lead).toMatchObject({ jobId: job.jobId, jobType: 'connect', invitedAt: expect.any(String) });
    expect(lead?.connectedAt).toBeUndefined();
  });

  it('refuses a note over 300 characters, saying so, and a sender who is not an account', async () => {
    const tooLong = await api('POST', path, { apiKey: ws.apiKey, body: { user, target: person('fay'), message: 'x'.repeat(301) } });
    const stranger = await api('POST', path, { apiKey: ws.apiKey, body: { user: person('not-ours'), target: person('fay') } });
    const notAProfile = await api('POST', path, { apiKey: ws.apiKey, body: { user, target: 'https://www.linkedin.com/company/acme' } });

    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ path: 'message', message: expect.stringMatching(/at most 300 characters/) }]);
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual([{ path: 'user', message: expect.any(String) }]);
    expect(notAProfile.status).toBe(400);
    expect(notAProfile.body.errors).toEqual([{ path: 'target', message: expect.stringMatching(/linkedin\.com\/in\/<id>/) }]);
  });
});
