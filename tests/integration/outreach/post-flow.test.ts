import { decide } from '../../../lib/approvals/decide-approval';
import { UnipileProvider } from '../../../lib/network/unipile';
import { acceptPostRequest } from '../../../lib/outreach/accept/accept-post';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { runAction } from '../../../lib/outreach/run/run-action';
import { planJobMessageSchema, runActionMessageSchema } from '../../../lib/queue/messages';
import { postRequestSchema } from '../../../lib/schemas/post';
import { validate } from '../../../lib/schemas/validate';
import { getAction } from '../../../lib/store/actions';
import { getApproval } from '../../../lib/store/approvals';
import { listSandboxActions } from '../../../lib/store/sandbox';
import type { FakeUnipile } from '../../helpers/fake-unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

/**
 * A post job through the real use cases and queues, against the fake Unipile: accepted, its author's
 * approval (edited), the create-post call and the look-up of its address, then the like job its
 * amplification starts, reacting with the new post's social id.
 */
const db = testDb();
const sqs = testSqs();
const { queues, submitDeps, planDeps, runDeps } = likeFlow(db, sqs);

let unipile: FakeUnipile;
beforeAll(async () => {
  unipile = await startFakeUnipile();
});
afterAll(() => unipile.close());

const provider = () => new UnipileProvider({ dsn: unipile.url, apiKey: unipile.apiKey });
const approvalDeps = () => ({ db, sqs, actionsQueueUrl: queues.actions, publicBaseUrl: '' });

/** Plans every job message waiting, and runs every action message waiting, until both queues are empty. */
async function workUntilIdle(ws: TestWorkspace) {
  for (let round = 0; round < 5; round++) {
    const plans = await drainQueue(sqs, queues.jobs);
    for (const message of plans) await planJob(planDeps(), planJobMessageSchema.parse(message.json));
    const actions = await drainQueue(sqs, queues.actions);
    for (const message of actions) {
      await runAction(runDeps({ provider: provider(), amplify: submitDeps() }), runActionMessageSchema.parse(message.json));
    }
    if (plans.length === 0 && actions.length === 0) return;
  }
  throw new Error(`work of ${ws.workspaceId} did not settle`);
}

async function post(ws: TestWorkspace, body: Record<string, unknown>) {
  const request = validate(postRequestSchema, { user: ws.accounts[0]!.profileUrl, ...body });
  return acceptPostRequest(submitDeps(), ws.workspaceId, request, new Date());
}

describe('post job, through Unipile', () => {
  it('waits for its author, publishes the edited text, shows its URL, and its group likes it by its social id', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3, groups: { team: [1, 2] } });
    const job = await post(ws, { text: 'Seven buyers raised price.', amplify: { groups: ['team'], reactionType: 'insightful' } });
    await workUntilIdle(ws);

    const waiting = await getAction(db, { workspaceId: ws.workspaceId, jobId: job.jobId, accountId: ws.accounts[0]!.accountId });
    expect(waiting).toMatchObject({ status: 'awaiting_approval' });
    expect(unipile.requests.filter((r) => r.path === '/api/v1/posts')).toHaveLength(0);
    const approval = (await getApproval(db, ws.workspaceId, waiting!.approval!.approvalId))!;
    expect(approval).toMatchObject({ kind: 'post', text: 'Seven buyers raised price.', target: { url: ws.accounts[0]!.profileUrl } });
    await decide(approvalDeps(), approval, { decision: 'approve', text: 'Seven buyers raised price.\nHere is why.' }, 'api', new Date());
    await workUntilIdle(ws);

    const created = unipile.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/posts')!;
    expect(created.fields).toEqual({
      account_id: [ws.accounts[0]!.providerAccountId],
      text: ['Seven buyers raised price.\r\nHere is why.'],
    });
    const view = await getJobView(db, ws.workspaceId, job.jobId);
    const postId = view.actions[0]!.details!.postId!;
    expect(view).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', result: 'posted', provider: 'unipile', sandbox: false }],
      post: {
        url: `https://www.linkedin.com/posts/fake-author_a-post-activity-${postId}-AbCd/`,
        socialId: `urn:li:activity:${postId}`,
        postId,
        amplification: { jobs: [{ type: 'like' }] },
      },
    });
    const likeJobId = view.post!.amplification!.jobs[0]!.jobId;
    const likes = await getJobView(db, ws.workspaceId, likeJobId);
    expect(likes).toMatchObject({ type: 'like', status: 'succeeded', counts: { succeeded: 2 } });
    const reactions = unipile.requests.filter((r) => r.path === '/api/v1/posts/reaction');
    expect(reactions).toHaveLength(2);
    expect(reactions.map((r) => r.body)).toEqual(
      expect.arrayContaining(
        [ws.accounts[1]!, ws.accounts[2]!].map((account) =>
          expect.objectContaining({
            account_id: account.providerAccountId,
            post_id: `urn:li:activity:${postId}`,
            reaction_type: 'insightful',
          }),
        ),
      ),
    );
  });

  it('published with post_id null: the job succeeds, its URL null, and the amplification says why it did not start', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2, groups: { team: [1] } });
    unipile.respondNext({ status: 201, body: { object: 'PostCreated', post_id: null }, match: 'POST /api/v1/posts' });
    const job = await post(ws, { text: 'Where did it go?', get_approved: false, amplify: { groups: ['team'] } });
    await workUntilIdle(ws);

    const view = await getJobView(db, ws.workspaceId, job.jobId);
    expect(view).toMatchObject({
      status: 'succeeded',
      actions: [{ result: 'posted', details: { urlUnknown: 'true' } }],
      post: { url: null, amplification: { jobs: [], skipped: expect.stringContaining('did not say which post') } },
    });
    expect(await listSandboxActions(db, ws.workspaceId)).toEqual([]);
  });

  it('a post whose answer never came is not published again: it fails outcome_unknown, and amplifies nothing', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2, groups: { team: [1] } });
    unipile.failNext({ status: 504, type: 'errors/request_timeout', match: 'POST /api/v1/posts' });
    const job = await post(ws, { text: 'Did it go out?', get_approved: false, amplify: { groups: ['team'] } });
    await workUntilIdle(ws);

    const view = await getJobView(db, ws.workspaceId, job.jobId);
    expect(view).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'outcome_unknown' }] });
    expect(view.post).toBeUndefined();
    const tries = unipile.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/v1/posts' && r.fields?.account_id?.[0] === ws.accounts[0]!.providerAccountId,
    );
    expect(tries).toHaveLength(1);
  });

  it('a post the network refuses for a restricted account waits with the account, and nothing is amplified', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2, groups: { team: [1] } });
    unipile.failNext({ status: 403, type: 'errors/account_restricted', match: 'POST /api/v1/posts' });
    const job = await post(ws, { text: 'Not today.', get_approved: false, amplify: { groups: ['team'] } });
    await workUntilIdle(ws);

    const view = await getJobView(db, ws.workspaceId, job.jobId);
    expect(view.post).toBeUndefined();
    expect(view.actions[0]).toMatchObject({ status: 'pending', deferredReason: 'account_restricted' });
  });
});
