import type { HttpHandler } from '../../../lib/http/pipeline';
import { acceptCommentRequest } from '../../../lib/outreach/accept/accept-comment';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { planJobMessageSchema } from '../../../lib/queue/messages';
import { commentRequestSchema } from '../../../lib/schemas/comment';
import { validate } from '../../../lib/schemas/validate';
import { STOP_PAGE, stopCancelledJobActions } from '../../../lib/outreach/jobs/cancel-job';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { runAction } from '../../../lib/outreach/run/run-action';
import { getAction } from '../../../lib/store/actions';
import { claimAction } from '../../../lib/store/action-attempts';
import { getApproval } from '../../../lib/store/approvals';
import { listSandboxActions } from '../../../lib/store/sandbox';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import type { TestWorkspace } from '../../helpers/factories';
import {
  createTestQueue,
  createTestWorkspace,
  drainQueue,
  httpEvent,
  samplePostUrl,
  subscribeWebhook,
  testDb,
  testSqs,
} from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';
import { bodyOf, fieldErrorsOf, loadHandler } from '../http/load-handler';

/**
 * GET /api/v1/jobs and POST /api/v1/jobs/{jobId}/cancel through their deployed handlers, against the
 * test stack's DynamoDB: the list is newest first, filtered and paged; a cancelled job's actions not
 * yet performed end `cancelled` and never reach the network, even one an attempt takes up after the
 * cancellation, while performed ones stay.
 */
const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);
let list: HttpHandler;
let cancel: HttpHandler;

beforeAll(async () => {
  const webhooksQueue = await createTestQueue(sqs, 'webhooks');
  list = await loadHandler(() => import('../../../functions/http/list-jobs'), {});
  cancel = await loadHandler(() => import('../../../functions/http/cancel-job'), {
    WEBHOOKS_QUEUE_URL: webhooksQueue,
    JOBS_QUEUE_URL: flow.queues.jobs,
  });
});

const listJobs = (ws: TestWorkspace, query: Record<string, string> = {}) =>
  list(httpEvent({ method: 'GET', path: '/api/v1/jobs', headers: { 'api-key': ws.apiKey }, query }));
const cancelJob = (ws: TestWorkspace, jobId: string) =>
  cancel(httpEvent({ method: 'POST', path: `/api/v1/jobs/${jobId}/cancel`, headers: { 'api-key': ws.apiKey }, pathParameters: { jobId } }));

/** Waits until the (eventually consistent) list index shows `count` jobs. */
async function listed(ws: TestWorkspace, count: number) {
  for (let i = 0; i < 50; i++) {
    const items = bodyOf(await listJobs(ws, { limit: '100' })).items as unknown[];
    if (items.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the list never showed ${count} jobs`);
}

describe('GET /api/v1/jobs', () => {
  it('lists the workspace’s jobs newest first, as the job view without the per-account details, page by page', async () => {
    const ws = await createTestWorkspace(db, { accounts: 2 });
    const other = await createTestWorkspace(db, { accounts: 1 });
    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) jobIds.push((await flow.acceptAndPlan(ws.workspaceId, ['sales'])).jobId);
    await flow.acceptAndPlan(other.workspaceId, ['sales']);
    await listed(ws, 3);

    const first = await listJobs(ws, { limit: '2' });
    const page1 = bodyOf(first);
    const second = bodyOf(await listJobs(ws, { limit: '2', cursor: page1.nextCursor as string }));

    expect(first.statusCode).toBe(200);
    const items = [...(page1.items as Array<Record<string, unknown>>), ...(second.items as Array<Record<string, unknown>>)];
    expect(items.map((job) => job.jobId)).toEqual([...jobIds].reverse());
    expect(items[0]).toMatchObject({
      type: 'like',
      status: 'running',
      counts: { total: 2, unfinished: 2, succeeded: 0, failed: 0, rejected: 0, expired: 0, cancelled: 0 },
      links: { self: `/api/v1/jobs/${jobIds[2]}` },
    });
    expect(items[0]).not.toHaveProperty('actions');
    expect((page1.links as Record<string, string>).next).toContain(`cursor=${page1.nextCursor as string}`);
    expect(second.nextCursor).toBeUndefined();
  });

  it('filters by status, type and since', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const older = (await flow.acceptAndPlan(ws.workspaceId, ['sales'])).jobId;
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { jobId: newer, actionMessages } = await flow.acceptAndPlan(ws.workspaceId, ['sales']);
    await runAction(flow.runDeps(), actionMessages[0]!);
    await listed(ws, 2);

    const ids = async (query: Record<string, string>) =>
      (bodyOf(await listJobs(ws, query)).items as Array<{ jobId: string }>).map((job) => job.jobId);

    expect(await ids({ status: 'succeeded' })).toEqual([newer]);
    expect(await ids({ status: 'running' })).toEqual([older]);
    expect(await ids({ type: 'like' })).toEqual([newer, older]);
    expect(await ids({ type: 'dm' })).toEqual([]);
    expect(await ids({ since })).toEqual([newer]);
  });

  it('names each bad query parameter', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0, groups: {} });

    const result = await listJobs(ws, { status: 'done', type: 'poke', since: 'yesterday', limit: '0', cursor: 'nope' });

    expect(result.statusCode).toBe(400);
    expect(
      fieldErrorsOf(result)
        .map((error) => error.path)
        .sort(),
    ).toEqual(['query.cursor', 'query.limit', 'query.since', 'query.status', 'query.type']);
  });
});

describe('POST /api/v1/jobs/{jobId}/cancel', () => {
  it("stops a big job's first page of actions itself and queues the rest, which the jobs worker stops a page a message", async () => {
    const size = STOP_PAGE + 20;
    const ws = await createTestWorkspace(db, { accounts: size, groups: { all: Array.from({ length: size }, (_, i) => i) } });
    const { jobId } = await flow.acceptAndPlan(ws.workspaceId, ['all']);
    await drainQueue(sqs, flow.queues.actions);

    const result = await cancelJob(ws, jobId);
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ status: 'cancelled', counts: { total: size, cancelled: STOP_PAGE, unfinished: 20 } });

    const [stop] = await drainQueue(sqs, flow.queues.jobs);
    const message = planJobMessageSchema.parse(stop?.json);
    expect(message).toMatchObject({ jobId, stopAfter: expect.any(String) });
    await stopCancelledJobActions({ ...flow.planDeps() }, message);
    // Delivered again: nothing is stopped twice.
    await stopCancelledJobActions({ ...flow.planDeps() }, message);

    expect(await drainQueue(sqs, flow.queues.jobs, 0)).toEqual([]);
    const view = await getJobView(db, ws.workspaceId, jobId, '', { limit: '1' });
    expect(view.counts).toMatchObject({ total: size, cancelled: size, unfinished: 0 });
  });

  it('cancels what is not yet performed, keeps what was, and tells the workspace; a second cancel is a 409', async () => {
    const ws = await createTestWorkspace(db, { accounts: 3 });
    const webhookId = await subscribeWebhook(db, ws.workspaceId, ['job.cancelled']);
    const { jobId, actionMessages } = await flow.acceptAndPlan(ws.workspaceId, ['sales']);
    const [performed, taken, untouched] = actionMessages as [
      (typeof actionMessages)[0],
      (typeof actionMessages)[0],
      (typeof actionMessages)[0],
    ];
    await runAction(flow.runDeps(), performed);
    // An attempt that died holding an action: its lease ran out, and no cancellation can end it (it is held).
    await claimAction(db, taken, 'dead-attempt', new Date(Date.now() - 60_000), 1);

    const result = await cancelJob(ws, jobId);

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      jobId,
      status: 'cancelled',
      cancelledAt: expect.any(String),
      counts: { total: 3, succeeded: 1 },
    });
    expect(await getAction(db, untouched)).toMatchObject({ status: 'cancelled', reason: 'job_cancelled' });
    expect(await getAction(db, taken)).toMatchObject({ status: 'running' });

    // The next delivery of the held action takes it over, reads the job under its lease, and stops there.
    await runAction(flow.runDeps(), taken);
    await runAction(flow.runDeps(), untouched);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'cancelled', counts: { total: 3, succeeded: 1, cancelled: 2, pending: 0, running: 0 } });
    expect(view.actions.find((action) => action.accountId === taken.accountId)).toMatchObject({
      status: 'cancelled',
      reason: 'job_cancelled',
    });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(1);
    const events = (await listDeliveries(db, ws.workspaceId, webhookId, 10)).items.map((delivery) => delivery.event);
    expect(events).toEqual([
      expect.objectContaining({ type: 'job.cancelled', data: expect.objectContaining({ jobId, status: 'cancelled' }) }),
    ]);

    const again = await cancelJob(ws, jobId);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again)).toMatchObject({ type: expect.stringContaining('job-already-ended') });
  });

  it('withdraws the approval an action waited for', async () => {
    const ws = await createTestWorkspace(db, { accounts: [{ mode: 'ask' }] });
    const { jobId, approvalId } = await commentAwaitingApproval(ws);

    expect((await cancelJob(ws, jobId)).statusCode).toBe(200);

    expect(await getApproval(db, ws.workspaceId, approvalId)).toMatchObject({ status: 'cancelled' });
    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({ status: 'cancelled' });
  });

  it("is a 404 for another workspace's job and for a malformed id, and a 409 for a job that ended", async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const other = await createTestWorkspace(db, { accounts: 0, groups: {} });
    const { jobId, actionMessages } = await flow.acceptAndPlan(ws.workspaceId, ['sales']);

    expect((await cancelJob(other, jobId)).statusCode).toBe(404);
    expect((await cancelJob(ws, 'job_nope')).statusCode).toBe(404);
    await runAction(flow.runDeps(), actionMessages[0]!);
    const ended = await cancelJob(ws, jobId);
    expect(ended.statusCode).toBe(409);
    expect((await getJobView(db, ws.workspaceId, jobId)).status).toBe('succeeded');
  });
});

/** A request-comment from an `ask` account: planned, its action waits for the approval. */
async function commentAwaitingApproval(ws: TestWorkspace): Promise<{ jobId: string; approvalId: string }> {
  const request = validate(commentRequestSchema, { url: samplePostUrl, groups: ['sales'], comment: 'Great point about pipeline hygiene.' });
  const accepted = await acceptCommentRequest(flow.submitDeps(), ws.workspaceId, request, new Date());
  const [message] = await drainQueue(sqs, flow.queues.jobs);
  await planJob(flow.planDeps(), planJobMessageSchema.parse(message?.json));
  const view = await getJobView(db, ws.workspaceId, accepted.jobId);
  return { jobId: accepted.jobId, approvalId: view.actions[0]!.approval!.approvalId };
}
