import { updateAccountSettings } from '../../../lib/store/accounts';
import { backlogItem } from '../../../lib/store/account-backlogs';
import { listJobActionsPage } from '../../../lib/store/actions';
import { getJob } from '../../../lib/store/jobs';
import { transactWrite } from '../../../lib/store/transact';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { acceptLikeRequest } from '../../../lib/outreach/accept/accept-like';
import { planJobMessageSchema, runActionMessageSchema } from '../../../lib/queue/messages';
import { createTestWorkspace, drainQueue, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);

/**
 * A group job planned in parts (here of 2 accounts, as 500 are when deployed): the job's own message
 * splits it, each part is a message of its own, and the job runs once every part is counted, with
 * the accounts the parts left out off its total. Redeliveries make nothing twice.
 */
describe('a group job planned in parts', () => {
  it('plans every part once, leaves out paused and full accounts with a warning, and counts what it planned', async () => {
    const ws = await createTestWorkspace(db, { accounts: 7, groups: { team: [0, 1, 2, 3, 4, 5, 6] } });
    const [, paused, full] = ws.accounts;
    await updateAccountSettings(db, ws.workspaceId, paused!.accountId, { status: 'paused' });
    for (let i = 0; i < 2; i++) await transactWrite(db, [backlogItem(db, ws.workspaceId, full!.accountId, 1)]);
    const deps = { ...flow.planDeps(), planPartAccounts: 2, accountBacklogLimit: 2 };

    const job = await acceptLikeRequest(flow.submitDeps(), ws.workspaceId, flow.like(['team']), new Date());
    // Accepted with the group's count, read from the group alone.
    expect(job).toMatchObject({ total: 7, remaining: 7 });
    expect(job.accountIds).toBeUndefined();

    const [start] = await drainQueue(sqs, flow.queues.jobs);
    await planJob(deps, planJobMessageSchema.parse(start?.json));
    const parts = (await drainQueue(sqs, flow.queues.jobs)).map((message) => planJobMessageSchema.parse(message.json));
    expect(parts.map((message) => message.part).sort()).toEqual([0, 1, 2, 3]);
    expect(await getJob(db, ws.workspaceId, job.jobId)).toMatchObject({ status: 'queued', planParts: 4, total: 7 });

    // The start redelivered while its parts wait: it queues the same parts again, and nothing else.
    await planJob(deps, planJobMessageSchema.parse(start?.json));
    const again = (await drainQueue(sqs, flow.queues.jobs)).map((message) => planJobMessageSchema.parse(message.json));
    expect(again.map((message) => message.part).sort()).toEqual([0, 1, 2, 3]);

    for (const part of [...parts, ...again]) await planJob(deps, part);

    const planned = await getJob(db, ws.workspaceId, job.jobId);
    expect(planned).toMatchObject({ status: 'running', total: 5, remaining: 5, succeeded: 0 });
    expect(planned?.plannedParts).toEqual(new Set([0, 1, 2, 3]));
    expect(planned?.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^1 account\\(s\\) of the groups were left out of this job, not active .*: ${paused!.accountId}\\.$`),
      ),
      expect.stringMatching(new RegExp(`^1 account\\(s\\) .* as much work waiting as it may \\(2 actions\\): ${full!.accountId}\\.$`)),
    ]);
    const acting = ws.accounts.filter((account) => account !== paused && account !== full).map((account) => account.accountId);
    expect((await listJobActionsPage(db, ws.workspaceId, job.jobId, 100)).actions.map((action) => action.accountId).sort()).toEqual(
      [...acting].sort(),
    );
    // Each acting account's message once, though its part was planned twice.
    const runs = (await drainQueue(sqs, flow.queues.actions)).map((message) => runActionMessageSchema.parse(message.json).accountId);
    expect(runs.sort()).toEqual([...acting].sort());
  });

  it('fails a job whose groups were left with no active account by the time it was planned', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3, groups: { team: [0, 1, 2] } });
    const job = await acceptLikeRequest(flow.submitDeps(), ws.workspaceId, flow.like(['team']), new Date());
    for (const account of ws.accounts) await updateAccountSettings(db, ws.workspaceId, account.accountId, { status: 'paused' });

    const deps = { ...flow.planDeps(), planPartAccounts: 2 };
    const [start] = await drainQueue(sqs, flow.queues.jobs);
    await planJob(deps, planJobMessageSchema.parse(start?.json));
    for (const message of await drainQueue(sqs, flow.queues.jobs)) await planJob(deps, planJobMessageSchema.parse(message.json));

    expect(await getJob(db, ws.workspaceId, job.jobId)).toMatchObject({ status: 'failed', failureReason: 'no_accounts_to_act', total: 0 });
    expect(await drainQueue(sqs, flow.queues.actions, 0)).toEqual([]);
  });

  it("shows a big job's actions a page at a time, with its counts from its counters", async () => {
    const ws = await createTestWorkspace(db, { accounts: 5, groups: { team: [0, 1, 2, 3, 4] } });
    const { jobId } = await flow.acceptAndPlan(ws.workspaceId, ['team']);

    const first = await getJobView(db, ws.workspaceId, jobId, '', { limit: '2' });
    expect(first.actions).toHaveLength(2);
    expect(first.counts).toEqual({ total: 5, succeeded: 0, failed: 0, rejected: 0, expired: 0, cancelled: 0, unfinished: 5 });
    expect(first.links.next).toBe(`/api/v1/jobs/${jobId}?limit=2&cursor=${first.nextCursor}`);
    const second = await getJobView(db, ws.workspaceId, jobId, '', { limit: '2', cursor: first.nextCursor });
    const third = await getJobView(db, ws.workspaceId, jobId, '', { limit: '2', cursor: second.nextCursor });
    expect(third.nextCursor).toBeUndefined();
    expect(third.links).toEqual({});
    const seen = [...first.actions, ...second.actions, ...third.actions].map((action) => action.accountId);
    expect(seen).toEqual(ws.accounts.map((account) => account.accountId).sort());

    // One page holds them all: how the unfinished wait is told too.
    const whole = await getJobView(db, ws.workspaceId, jobId);
    expect(whole.counts).toMatchObject({ unfinished: 5, pending: 5, running: 0, awaitingApproval: 0, awaitingConnection: 0 });
    expect(whole.nextCursor).toBeUndefined();
    await drainQueue(sqs, flow.queues.actions);
  });

  it('refuses a cursor it did not give, naming the parameter', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1, groups: { team: [0] } });
    const { jobId } = await flow.acceptAndPlan(ws.workspaceId, ['team']);
    await expect(getJobView(db, ws.workspaceId, jobId, '', { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'query.cursor' })],
    });
    await drainQueue(sqs, flow.queues.actions);
  });
});
