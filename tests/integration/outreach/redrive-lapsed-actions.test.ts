import { acceptCommentRequest } from '../../../lib/outreach/accept/accept-comment';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { LAPSED_LEASE_SECONDS, redriveLapsedActions } from '../../../lib/outreach/run/redrive-lapsed-actions';
import { runAction } from '../../../lib/outreach/run/run-action';
import type { RunActionMessage } from '../../../lib/queue/messages';
import { planJobMessageSchema, runActionMessageSchema } from '../../../lib/queue/messages';
import { commentRequestSchema } from '../../../lib/schemas/comment';
import { validate } from '../../../lib/schemas/validate';
import { getAction } from '../../../lib/store/actions';
import { claimAction } from '../../../lib/store/action-attempts';
import { listSandboxActions } from '../../../lib/store/sandbox';
import { createTestWorkspace, drainQueue, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

/**
 * The re-drive of actions left held past their lease with no message to end them (the connection
 * watch runs it), against DynamoDB Local and the SQS emulator. The state it recovers from is made
 * as an attempt leaves it when its message is lost while it holds the action: the action claimed
 * (running, under a lease), and nothing on the queue.
 */
const db = testDb();
const sqs = testSqs();
const { queues, submitDeps, planDeps, runDeps, acceptAndPlan } = likeFlow(db, sqs);
const LEASE_SECONDS = 150;

/** The held action's message, and when its lease ends: claimed by an attempt whose message was then lost. */
async function heldWithNoMessage(message: RunActionMessage): Promise<{ leaseEnds: number }> {
  const { claimed } = await claimAction(db, message, 'attempt-whose-message-was-lost', new Date(), LEASE_SECONDS);
  expect(claimed).toMatchObject({ status: 'running' });
  expect(await drainQueue(sqs, queues.actions, 0)).toEqual([]);
  return { leaseEnds: claimed!.leaseUntil! };
}

/** Runs the re-drive at `at`; the messages it sent for this job's actions (other tests' leftovers may share the index). */
async function redriveAt(at: number, jobId: string): Promise<RunActionMessage[]> {
  await redriveLapsedActions({ db, sqs, actionsQueueUrl: queues.actions, perRun: 1000 }, new Date(at));
  return (await drainQueue(sqs, queues.actions, 0))
    .map((m) => runActionMessageSchema.parse(m.json))
    .filter((message) => message.jobId === jobId);
}

describe('an action held past its lease with no message left', () => {
  it('is left alone while its lease runs, then sent one message, which takes it over and ends it (a like: made once)', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const { jobId, actionMessages } = await acceptAndPlan(ws.workspaceId, ['sales']);
    const [message] = actionMessages as [RunActionMessage];
    const { leaseEnds } = await heldWithNoMessage(message);

    // Within its lease, and for as long as a message of its attempt could still come back: nothing.
    expect(await redriveAt(leaseEnds + (LAPSED_LEASE_SECONDS - 5) * 1000, jobId)).toEqual([]);
    const lapsedAt = leaseEnds + (LAPSED_LEASE_SECONDS + 1) * 1000;
    const sent = await redriveAt(lapsedAt, jobId);
    expect(sent).toEqual([message]);
    // Sent once: the next run leaves it until it has lapsed again.
    expect(await redriveAt(lapsedAt + 1000, jobId)).toEqual([]);

    await runAction(runDeps(), sent[0]!, 1, new Date(lapsedAt + 2000));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'succeeded', actions: [{ status: 'succeeded', attempts: 2 }] });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(1);
    // Ended: out of the index, never re-driven again.
    expect(await redriveAt(lapsedAt + 3600_000, jobId)).toEqual([]);
  });

  it('a comment, which its lost attempt may have posted, ends failed outcome_unknown, visibly, and is not posted', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1 });
    const request = validate(commentRequestSchema, { url: samplePostUrl, comment: 'Well said.', groups: ['sales'] });
    const { jobId } = await acceptCommentRequest(submitDeps(), ws.workspaceId, request, new Date());
    const [jobMessage] = await drainQueue(sqs, queues.jobs);
    await planJob(planDeps(), planJobMessageSchema.parse(jobMessage?.json));
    const [actionMessage] = await drainQueue(sqs, queues.actions);
    const message = runActionMessageSchema.parse(actionMessage?.json);
    const { leaseEnds } = await heldWithNoMessage(message);

    const lapsedAt = leaseEnds + (LAPSED_LEASE_SECONDS + 1) * 1000;
    const [sent] = await redriveAt(lapsedAt, jobId);
    await runAction(runDeps(), sent!, 1, new Date(lapsedAt + 1000));

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view).toMatchObject({ status: 'failed', actions: [{ status: 'failed', reason: 'outcome_unknown' }] });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
    expect(await getAction(db, message)).not.toHaveProperty('leaseId');
  });
});
