import { listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, samplePostUrl, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/** POST /social-selling/request-comment over real HTTP: autopilot accounts comment, others approve first. */
const db = testDb();
const path = '/api/v1/social-selling/request-comment';

let ws: TestWorkspace;
beforeAll(async () => {
  // Accounts 0 and 1 on autopilot, 2 in ask mode; group `mixed` has all three, `auto` the first two.
  ws = await createTestWorkspace(db, {
    accounts: [{}, {}, { mode: 'ask' }],
    groups: { auto: [0, 1], mixed: [0, 1, 2] },
    pacingWindowSeconds: 1,
  });
});

const commentsOn = async (workspaceId: string, url: string) =>
  (await listSandboxActions(db, workspaceId)).filter((action) => action.type === 'comment' && action.target === url);

describe('request-comment, end to end', () => {
  it('autopilot group accounts post the comment, paced, through the provider', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000101/';
    const accepted = await api('POST', path, {
      apiKey: ws.apiKey,
      body: { url, comment: 'Great point about pipelines!', groups: ['auto'] },
    });
    const job = await jobInStatus(ws.apiKey, accepted.headers.get('location')!, finalJobStatuses);

    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ type: 'comment', status: 'queued', accounts: 2 });
    expect(job).toMatchObject({ status: 'succeeded', counts: { total: 2, succeeded: 2 } });
    for (const action of job.actions) expect(action).toMatchObject({ status: 'succeeded', result: 'commented', sandbox: true });
    const comments = await commentsOn(ws.workspaceId, url);
    expect(comments).toHaveLength(2);
    expect(comments.every((comment) => comment.details.text === 'Great point about pipelines!')).toBe(true);
  });

  it('asks the account in ask mode to approve; the approved, edited text is posted', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000102/';
    const accepted = await api('POST', path, { apiKey: ws.apiKey, body: { url, comment: 'Draft comment', groups: ['mixed'] } });
    const location = accepted.headers.get('location')!;
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);
    const asked = waiting.actions.find((action) => action.status === 'awaiting_approval')!;

    expect(waiting.counts).toMatchObject({ succeeded: 2, awaitingApproval: 1 });
    expect(asked.accountId).toBe(ws.accounts[2]!.accountId);
    expect(asked.approval.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[0-9A-Za-z]{32}$/);

    const approvalPath = `/api/v1/approvals/${asked.approval.approvalId}`;
    const shown = await api('GET', approvalPath, { apiKey: ws.apiKey });
    expect(shown.body).toMatchObject({ status: 'pending', kind: 'comment', text: 'Draft comment', maxLength: 1250, target: { url } });
    const decided = await api('POST', approvalPath, { apiKey: ws.apiKey, body: { decision: 'approve', text: 'Edited by Person 2' } });
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', text: 'Edited by Person 2', decidedVia: 'api' });
    expect(job).toMatchObject({ status: 'succeeded', counts: { total: 3, succeeded: 3 } });
    const texts = (await commentsOn(ws.workspaceId, url)).map((comment) => comment.details.text).sort();
    expect(texts).toEqual(['Draft comment', 'Draft comment', 'Edited by Person 2']);
    // A decision is made once.
    const again = await api('POST', approvalPath, { apiKey: ws.apiKey, body: { decision: 'reject' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already approved/);
  });

  it('a commentor is always asked first; rejecting ends the job rejected and posts nothing', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000103/';
    const accepted = await api('POST', path, {
      apiKey: ws.apiKey,
      body: { url, comment: 'Nice!', commentor: ws.accounts[0]!.profileUrl.replace('https://www.', 'http://') },
    });
    const location = accepted.headers.get('location')!;
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);

    const approvalId = waiting.actions[0]!.approval.approvalId as string;
    const decided = await api('POST', `/api/v1/approvals/${approvalId}`, { apiKey: ws.apiKey, body: { decision: 'reject' } });
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(accepted.body).toMatchObject({ accounts: 1 });
    expect(decided.body).toMatchObject({ status: 'rejected' });
    expect(job).toMatchObject({ status: 'rejected', counts: { rejected: 1, succeeded: 0 } });
    expect(job.actions[0]).toMatchObject({ status: 'rejected', reason: 'approval_rejected', approval: { decision: 'rejected' } });
    expect(await commentsOn(ws.workspaceId, url)).toHaveLength(0);
  });

  it('with groups and a commentor, the groups comment and the job says the commentor was not used', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000104/';
    const accepted = await api('POST', path, {
      apiKey: ws.apiKey,
      body: { url, comment: 'Agreed.', groups: ['auto'], commentor: ws.accounts[2]!.profileUrl },
    });
    const job = await jobInStatus(ws.apiKey, accepted.headers.get('location')!, finalJobStatuses);

    expect(accepted.body.warnings).toEqual([expect.stringMatching(/commentor was not used/)]);
    expect(job.warnings).toEqual(accepted.body.warnings);
    expect(job.actions.map((action) => action.accountId).sort()).toEqual([ws.accounts[0]!.accountId, ws.accounts[1]!.accountId].sort());
  });

  it('refuses a commentor who is not an account of the workspace (422), and enqueues nothing', async () => {
    const refused = await api('POST', path, {
      apiKey: ws.apiKey,
      body: { url: samplePostUrl, comment: 'Hi', commentor: 'https://www.linkedin.com/in/somebody-else' },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ path: 'commentor', message: expect.stringMatching(/not a connected account/) }]);
  });
});
