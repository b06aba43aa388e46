import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { SandboxProvider } from '../../../lib/network/sandbox';
import { UnipileProvider } from '../../../lib/network/unipile';
import { startFakeUnipile } from '../../helpers/fake-unipile';
import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { failJobOfUnreadableMessage } from '../../../lib/outreach/jobs/fail-unreadable-job';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { runAction } from '../../../lib/outreach/run/run-action';
import type { RunActionMessage } from '../../../lib/queue/messages';
import { runActionMessageSchema } from '../../../lib/queue/messages';
import { getBacklogs } from '../../../lib/store/account-backlogs';
import { listSandboxActions, putSandboxRule } from '../../../lib/store/sandbox';
import { updateAccount } from '../../../lib/admin/workspace-admin';
import { createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

const db = testDb();
const sqs = testSqs();
const { queues, submitDeps, planDeps, runDeps, like, acceptAndPlan } = likeFlow(db, sqs);

async function delayedMessages(queueUrl: string): Promise<number> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessagesDelayed'] }),
  );
  return Number(Attributes?.ApproximateNumberOfMessagesDelayed);
}

describe('like job, from request to provider and back', () => {
  it('fans out to each distinct account across groups, reacts once each, and succeeds', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3, groups: { sales: [0, 1], founders: [1, 2] } });

    const { jobId, response, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales', 'founders']);
    const waiting = await getBacklogs(
      db,
      ws.workspaceId,
      ws.accounts.map((account) => account.accountId),
    );
    for (const message of actionMessages) await runAction(runDeps(), message);

    expect(response.status).toBe(202);
    expect(response.headers?.location).toBe(`/api/v1/jobs/${jobId}`);
    expect(response.body).toMatchObject({ jobId, type: 'like', status: 'queued', accounts: 3 });
    expect(actionMessages.map((m) => m.accountId).sort()).toEqual(ws.accounts.map((a) => a.accountId).sort());
    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'succeeded', counts: { total: 3, pending: 0, running: 0, succeeded: 3, failed: 0 } });
    expect(view.actions.every((a) => a.status === 'succeeded' && a.sandbox === true && a.result === 'reacted' && a.attempts === 1)).toBe(
      true,
    );
    const recorded = await listSandboxActions(db, ws.workspaceId);
    expect(recorded).toHaveLength(3);
    expect(
      recorded.every(
        (r) => r.type === 'react' && r.details.reactionType === 'insightful' && r.details.postUrn === 'urn:li:activity:7300000000000000001',
      ),
    ).toBe(true);
    // Each account's backlog counted its action while it waited, and counts it no more once ended.
    expect([...waiting.values()]).toEqual([1, 1, 1]);
    expect([
      ...(
        await getBacklogs(
          db,
          ws.workspaceId,
          ws.accounts.map((account) => account.accountId),
        )
      ).values(),
    ]).toEqual([0, 0, 0]);
  });

  it('never repeats a provider call when a job or an action message is delivered twice', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    await planJob(planDeps(), { v: 1, workspaceId: ws.workspaceId, jobId });
    const replanned = await drainQueue(sqs, queues.actions, 0);
    for (const message of [...actionMessages, ...actionMessages]) await runAction(runDeps(), message);
    await Promise.all(actionMessages.map((message) => runAction(runDeps(), message)));

    expect(replanned).toHaveLength(0);
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(2);
    expect((await getJobView(db, ws.workspaceId, jobId)).counts).toMatchObject({ succeeded: 2, failed: 0 });
    // The replanned job counted no action twice in its account's backlog.
    expect([
      ...(
        await getBacklogs(
          db,
          ws.workspaceId,
          ws.accounts.map((account) => account.accountId),
        )
      ).values(),
    ]).toEqual([0, 0]);
  });

  it('finishes the job when all its actions end at the same time (they all update its counters)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 10 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    await Promise.all(actionMessages.map((message) => runAction(runDeps(), message)));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'succeeded', counts: { total: 10, pending: 0, running: 0, succeeded: 10, failed: 0 } });
  });

  it('retries a retryable provider failure with backoff, then succeeds', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    await putSandboxRule(db, {
      ruleId: 'r1',
      workspaceId: ws.workspaceId,
      match: { action: 'react' },
      failure: { status: 429, reason: 'rate_limited', retryAfterSeconds: 2 },
      remaining: 1,
      createdAt: new Date().toISOString(),
    });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    const failedAt = Date.now();
    await runAction(runDeps({ retryDelaySeconds: (_attempt, retryAfter) => retryAfter ?? 1 }), actionMessages[0]!);
    const waiting = await getJobView(db, ws.workspaceId, jobId);
    const [retry] = await drainQueue(sqs, queues.actions, 4);
    await runAction(runDeps(), runActionMessageSchema.parse(retry?.json), 1, new Date(Date.now() + 3000));

    expect(waiting.status).toBe('running');
    expect(waiting.actions[0]).toMatchObject({ status: 'pending', attempts: 1, reason: 'rate_limited' });
    expect(Date.parse(waiting.actions[0]!.scheduledFor!) - failedAt).toBeGreaterThanOrEqual(2000);
    const done = await getJobView(db, ws.workspaceId, jobId);
    expect(done.status).toBe('succeeded');
    expect(done.actions[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The retried failure was not the action's end: its reason and error are gone with it.
    expect(done.actions[0]!.reason).toBeUndefined();
    expect(done.actions[0]!.error).toBeUndefined();
  });

  it("ends an action failed with the provider's reason on a refusal, and the job partially_failed", async () => {
    const ws = await createTestWorkspace(db, { accounts: 2 });
    await putSandboxRule(db, {
      ruleId: 'r1',
      workspaceId: ws.workspaceId,
      match: { action: 'react', providerAccountId: ws.accounts[0]!.providerAccountId },
      failure: { status: 422, reason: 'post_not_found' },
      createdAt: new Date().toISOString(),
    });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    for (const message of actionMessages) await runAction(runDeps(), message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.status).toBe('partially_failed');
    const failed = view.actions.find((a) => a.accountId === ws.accounts[0]!.accountId);
    expect(failed).toMatchObject({ status: 'failed', reason: 'post_not_found', attempts: 1, sandbox: true });
    expect(failed?.error).toContain('422');
  });

  it('gives up after the last attempt of a retryable failure, visibly', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    await putSandboxRule(db, {
      ruleId: 'r1',
      workspaceId: ws.workspaceId,
      match: {},
      failure: { status: 503, reason: 'provider_unavailable' },
      createdAt: new Date().toISOString(),
    });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    const message: RunActionMessage = actionMessages[0]!;
    // The retry message is delayed by real SQS; deliver its twin at the time it would arrive.
    await runAction(runDeps({ maxAttempts: 2 }), message, 1);
    await runAction(runDeps({ maxAttempts: 2 }), message, 1, new Date(Date.now() + 16 * 60 * 1000));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.status).toBe('failed');
    expect(view.actions[0]).toMatchObject({ status: 'failed', attempts: 2, reason: 'provider_unavailable' });
    expect(view.actions[0]?.error).toContain('gave up after 2 attempts');
  });

  it('waits again when an action is delivered before its time (pacing past 15 minutes)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1, pacingWindowSeconds: 0 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

    const delayedBefore = await delayedMessages(queues.actions);
    await runAction(runDeps(), actionMessages[0]!, 1, new Date(Date.now() - 3600 * 1000));
    const redelayed = await drainQueue(sqs, queues.actions, 0);

    expect(redelayed).toHaveLength(0); // delayed 900 s: not visible yet
    expect(await delayedMessages(queues.actions)).toBe(delayedBefore + 1);
    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
  });

  it('holds the action of an account paused after the request: it waits (account_paused), not performed, not failed', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);
    await updateAccount(db, ws.workspaceId, ws.accounts[0]!.accountId, { status: 'paused' });

    await runAction(runDeps(), actionMessages[0]!);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'running' });
    expect(view.actions[0]).toMatchObject({ status: 'pending', attempts: 0, deferredReason: 'account_paused' });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
  });

  it('ends the action failed on the last delivery of an unexpected error', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);
    const broken = Object.assign(new SandboxProvider(db), { react: () => Promise.reject(new TypeError('bug')) });

    await expect(runAction(runDeps({ provider: broken, leaseSeconds: 0 }), actionMessages[0]!, 1)).rejects.toThrow('bug');
    await runAction(runDeps({ provider: broken }), actionMessages[0]!, 5, new Date(Date.now() + 1000));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.status).toBe('failed');
    expect(view.actions[0]).toMatchObject({ status: 'failed', reason: 'internal_error', attempts: 2 });
  });

  it('fails the job named by an unreadable message', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const response = await acceptLikeRequest(submitDeps(), ws.workspaceId, like(['sales']), new Date());
    const { jobId } = response;
    await drainQueue(sqs, queues.jobs);

    await failJobOfUnreadableMessage({ db }, { workspaceId: ws.workspaceId, jobId, v: 99 });

    expect(await getJobView(db, ws.workspaceId, jobId)).toMatchObject({ status: 'failed', failureReason: 'unreadable_message' });
  });

  it("through Unipile: the account waits at least the provider's retry-after on a 429, then reacts with the post's social_id", async () => {
    const unipile = await startFakeUnipile();
    try {
      const provider = new UnipileProvider({ dsn: unipile.url, apiKey: unipile.apiKey });
      const ws = await createTestWorkspace(db, { accounts: 1 });
      unipile.failNext({ status: 429, type: 'errors/too_many_requests', retryAfter: 30, match: 'POST /api/v1/posts/reaction' });
      const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);

      const failedAt = Date.now();
      await runAction(runDeps({ provider }), actionMessages[0]!);
      const waiting = (await getJobView(db, ws.workspaceId, jobId)).actions[0]!;
      await runAction(runDeps({ provider }), actionMessages[0]!, 1, new Date(failedAt + 31_000));
      const done = await getJobView(db, ws.workspaceId, jobId);

      // v1's 429 is the network throttling the account: the whole account waits, this action with it.
      expect(waiting).toMatchObject({ status: 'pending', deferredReason: 'provider_throttled', attempts: 0 });
      expect(Date.parse(waiting.scheduledFor!) - failedAt).toBeGreaterThanOrEqual(30_000);
      expect(done.status).toBe('succeeded');
      expect(done.actions[0]).toMatchObject({ provider: 'unipile', sandbox: false, result: 'reacted', attempts: 1 });
      const reactions = unipile.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/posts/reaction');
      expect(reactions).toHaveLength(2);
      expect(reactions[1]?.body).toMatchObject({ account_id: ws.accounts[0]!.providerAccountId, reaction_type: 'insightful' });
    } finally {
      await unipile.close();
    }
  });
});
