import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api, BACKGROUND_WORK_TIMEOUT_MS, eventually } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';
import { WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * POST /social-selling/post over real HTTP, on the sandbox network: the author's approval (edited),
 * the post published, `post.published`, and the groups' reactions and comments that amplify it;
 * the daily post limit; refusals that start nothing; another workspace's key on the job.
 */
const db = testDb();
const path = '/api/v1/social-selling/post';

let ws: TestWorkspace;
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  // Account 0 posts; accounts 1 and 2 amplify (2 in `ask` mode: its comment is approved first).
  ws = await createTestWorkspace(db, { accounts: [{}, {}, { mode: 'ask' }], groups: { team: [1, 2], nobody: [] } });
  const created = await api('POST', '/api/v1/webhooks', {
    apiKey: ws.apiKey,
    body: { url: receiver.url('/posts'), events: ['post.published'] },
  });
  expect(created.status).toBe(201);
  secret = (created.body as { secret: string }).secret;
});
afterAll(() => receiver.stop());

const salesCall = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'transcripts', 'sales-call.json'), 'utf8')) as Record<
  string,
  unknown
>;
interface IdeaShown {
  id: string;
  draft?: { text: string };
}

/** A sales call added to the workspace and analysed: its best ideas and next steps, as the transcript lists them. */
async function analysedCall(workspace: TestWorkspace) {
  const callId = `post-loop-${Date.now()}`;
  const added = await api('POST', '/api/v1/transcript/add', { apiKey: workspace.apiKey, body: { ...salesCall, call_id: callId } });
  const transcript = await eventually(
    async () => {
      const body = (await api('GET', added.headers.get('location')!, { apiKey: workspace.apiKey })).body as {
        status: string;
        ideas?: IdeaShown[];
        nextSteps?: IdeaShown[];
      };
      return body.status === 'analysed' ? body : undefined;
    },
    BACKGROUND_WORK_TIMEOUT_MS,
    `transcript ${callId} analysed`,
  );
  return { callId, ideas: transcript.ideas!, nextSteps: transcript.nextSteps! };
}

const sandboxCalls = async (workspace: TestWorkspace, type: string) =>
  (await listSandboxActions(db, workspace.workspaceId)).filter((action) => action.type === type);

async function publish(workspace: TestWorkspace, body: Record<string, unknown>) {
  const accepted = await api('POST', path, { apiKey: workspace.apiKey, body: { user: workspace.accounts[0]!.profileUrl, ...body } });
  expect(accepted.status).toBe(202);
  expect(accepted.body).toMatchObject({ type: 'post', status: 'queued', accounts: 1 });
  return accepted.headers.get('location')!;
}

describe('post, end to end', () => {
  it('asks its author first; approved (edited), it is published, announced, and the groups like and comment it', async () => {
    const location = await publish(ws, {
      text: 'Seven buyers raised price this month.',
      amplify: { groups: ['team'], comment: 'So true, we hear it too.' },
    });
    const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);
    expect(await sandboxCalls(ws, 'post')).toHaveLength(0);
    const approvalId = waiting.actions[0]!.approval.approvalId as string;
    const approval = await api('GET', `/api/v1/approvals/${approvalId}`, { apiKey: ws.apiKey });
    expect(approval.body).toMatchObject({ kind: 'post', text: 'Seven buyers raised price this month.', maxLength: 3000 });

    const edited = 'Seven buyers raised price this month.\nHere is what they said.';
    await api('POST', `/api/v1/approvals/${approvalId}`, { apiKey: ws.apiKey, body: { decision: 'approve', text: edited } });
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    const [published] = await sandboxCalls(ws, 'post');
    expect(published?.details.text).toBe(edited);
    expect(job).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', result: 'posted', text: edited, sandbox: true }],
      post: {
        url: published!.target,
        socialId: expect.stringMatching(/^urn:li:activity:9\d{18}$/),
        publishedAt: expect.any(String),
        amplification: { jobs: [{ type: 'like' }, { type: 'comment' }] },
      },
    });
    const event = await eventually(
      async () => receiver.events('/posts', secret).find((received) => received.data.jobId === job.jobId),
      BACKGROUND_WORK_TIMEOUT_MS,
      'post.published',
    );
    expect(event).toMatchObject({ type: 'post.published', data: { post: { url: published!.target }, text: edited } });

    // The amplification: a like from each account of the group, and a comment (the `ask` account's once approved).
    const [likeJob, commentJob] = (job.post as { amplification: { jobs: Array<{ jobId: string }> } }).amplification.jobs;
    const likes = await jobInStatus(ws.apiKey, `/api/v1/jobs/${likeJob!.jobId}`, finalJobStatuses);
    expect(likes).toMatchObject({ type: 'like', status: 'succeeded', request: { url: published!.target, groups: ['team'] } });
    const reactions = await sandboxCalls(ws, 'react');
    expect(reactions.map((reaction) => [reaction.accountId, reaction.target, reaction.details.reactionType]).sort()).toEqual(
      [ws.accounts[1]!, ws.accounts[2]!].map((account) => [account.accountId, published!.target, 'like']).sort(),
    );
    const comments = await jobInStatus(ws.apiKey, `/api/v1/jobs/${commentJob!.jobId}`, ['awaiting_approval']);
    const asked = comments.actions.find((action) => action.status === 'awaiting_approval')!;
    expect(asked.accountId).toBe(ws.accounts[2]!.accountId);
    await api('POST', `/api/v1/approvals/${asked.approval.approvalId}`, { apiKey: ws.apiKey, body: { decision: 'approve' } });
    await jobInStatus(ws.apiKey, `/api/v1/jobs/${commentJob!.jobId}`, ['succeeded']);
    expect((await sandboxCalls(ws, 'comment')).map((comment) => [comment.target, comment.details.text])).toEqual([
      [published!.target, 'So true, we hear it too.'],
      [published!.target, 'So true, we hear it too.'],
    ]);
  });

  it("publishes a sales call's best draft: the loop from a call to a post the team reacts to", async () => {
    // A workspace of its own: the posts above count against the author's daily limit.
    const loop = await createTestWorkspace(db, { accounts: 2, groups: { team: [1] } });
    const call = await analysedCall(loop);
    const best = call.ideas[0]!;

    const location = await publish(loop, { draft: { call_id: call.callId, idea_id: best.id }, amplify: { groups: ['team'] } });
    const waiting = await jobInStatus(loop.apiKey, location, ['awaiting_approval']);
    const approvalId = waiting.actions[0]!.approval.approvalId as string;
    expect((await api('GET', `/api/v1/approvals/${approvalId}`, { apiKey: loop.apiKey })).body).toMatchObject({ text: best.draft!.text });
    await api('POST', `/api/v1/approvals/${approvalId}`, { apiKey: loop.apiKey, body: { decision: 'approve' } });
    const job = await jobInStatus(loop.apiKey, location, finalJobStatuses);

    expect(job).toMatchObject({
      status: 'succeeded',
      request: { draft: { call_id: call.callId, idea_id: best.id }, text: best.draft!.text },
    });
    const published = (await sandboxCalls(loop, 'post')).find((post) => post.details.text === best.draft!.text);
    expect(published).toBeDefined();
    const [likeJob] = (job.post as { amplification: { jobs: Array<{ jobId: string }> } }).amplification.jobs;
    expect(await jobInStatus(loop.apiKey, `/api/v1/jobs/${likeJob!.jobId}`, finalJobStatuses)).toMatchObject({
      status: 'succeeded',
      request: { url: published!.target },
    });
  });

  it('refuses a draft that is not there, or text and a draft together, and starts nothing', async () => {
    const quiet = await createTestWorkspace(db, { accounts: 1 });
    const call = await analysedCall(quiet);
    const send = (body: Record<string, unknown>) =>
      api('POST', path, { apiKey: quiet.apiKey, body: { user: quiet.accounts[0]!.profileUrl, get_approved: false, ...body } });

    const both = await send({ text: 'Hi', draft: { call_id: call.callId, idea_id: call.ideas[0]!.id } });
    const neither = await send({});
    const badId = await send({ draft: { call_id: call.callId, idea_id: 'first' } });
    const noCall = await send({ draft: { call_id: 'no-such-call', idea_id: 'idea-1' } });
    const nextStep = await send({ draft: { call_id: call.callId, idea_id: call.nextSteps[0]!.id } });
    const noIdea = await send({ draft: { call_id: call.callId, idea_id: 'idea-999' } });

    for (const response of [both, neither, badId]) expect(response.status).toBe(400);
    expect(both.body).toMatchObject({ errors: [{ path: 'text' }] });
    expect(neither.body).toMatchObject({ errors: [{ path: 'text' }] });
    expect(badId.body).toMatchObject({ errors: [{ path: 'draft.idea_id' }] });
    for (const [response, field] of [
      [noCall, 'draft.call_id'],
      [nextStep, 'draft.idea_id'],
      [noIdea, 'draft.idea_id'],
    ] as const) {
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ type: '/problems/unknown-draft', errors: [{ path: field }] });
    }
    const jobs = await api('GET', '/api/v1/jobs', { apiKey: quiet.apiKey });
    expect((jobs.body as { items: unknown[] }).items).toEqual([]);
  });

  it("keeps to the account's daily post limit: one more waits for the next day", async () => {
    const limited = await createTestWorkspace(db, { accounts: [{ dailyLimits: { posts: 1 } }] });
    const first = await jobInStatus(limited.apiKey, await publish(limited, { text: 'First', get_approved: false }), finalJobStatuses);
    const second = await publish(limited, { text: 'Second', get_approved: false });

    const deferred = await eventually(
      async () => {
        const job = await api('GET', second, { apiKey: limited.apiKey });
        const [action] = (job.body as { actions: Array<Record<string, unknown>> }).actions;
        return action?.deferredReason === 'daily_limit' ? action : undefined;
      },
      BACKGROUND_WORK_TIMEOUT_MS,
      'the second post deferred by the daily limit',
    );
    expect(first).toMatchObject({ status: 'succeeded', post: { url: expect.stringContaining('urn:li:activity:') } });
    expect(deferred).toMatchObject({ status: 'pending', scheduledFor: expect.any(String) });
    expect(Date.parse(deferred.scheduledFor as string)).toBeGreaterThan(Date.now());
    expect((await sandboxCalls(limited, 'post')).map((post) => post.details.text)).toEqual(['First']);
    await api('POST', `${second}/cancel`, { apiKey: limited.apiKey });
  });

  it('refuses bad input naming each field, and unknown amplify groups, and starts nothing', async () => {
    const quiet = await createTestWorkspace(db, { accounts: 1, groups: { nobody: [] } });
    const bad = await api('POST', path, {
      apiKey: quiet.apiKey,
      body: { user: 'https://example.com/sam', text: 'x'.repeat(3001), get_approved: 'yes', amplify: { groups: [] } },
    });
    const unknown = await api('POST', path, {
      apiKey: quiet.apiKey,
      body: { user: quiet.accounts[0]!.profileUrl, text: 'Hi', amplify: { groups: ['ghosts', 'nobody'] } },
    });
    const stranger = await api('POST', path, { apiKey: quiet.apiKey, body: { user: 'https://www.linkedin.com/in/not-ours', text: 'Hi' } });

    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort()).toEqual(
      ['amplify.groups', 'get_approved', 'text', 'user'].sort(),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: [{ path: 'amplify.groups.0' }] });
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({ type: '/problems/unknown-account', errors: [{ path: 'user' }] });
    const jobs = await api('GET', '/api/v1/jobs', { apiKey: quiet.apiKey });
    expect((jobs.body as { items: unknown[] }).items).toEqual([]);
  });

  it("is another workspace's 404", async () => {
    const other = await createTestWorkspace(db, { accounts: 1 });
    const location = await publish(ws, { text: 'Ours only', get_approved: false });

    const theirs = await api('GET', location, { apiKey: other.apiKey });
    const ours = await jobInStatus(ws.apiKey, location, finalJobStatuses);

    expect(theirs.status).toBe(404);
    expect(ours).toMatchObject({ type: 'post', status: 'succeeded' });
  });
});
