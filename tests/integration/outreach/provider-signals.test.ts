import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '../../../lib/ids';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { runAction } from '../../../lib/outreach/run/run-action';
import { SafetyGate } from '../../../lib/outreach/safety/safety-gate';
import type { ActionKind } from '../../../lib/schemas/action-kind';
import { getAction } from '../../../lib/store/actions';
import { getJob } from '../../../lib/store/jobs';
import type { Db } from '../../../lib/store/client';
import { listSandboxActions, putSandboxRule } from '../../../lib/store/sandbox';
import { activePauses } from '../../../lib/store/send-schedule';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import type { TestWorkspace } from '../../helpers/factories';
import { createTestWorkspace, noSpacing, samplePostUrl, subscribeWebhook, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';
import { Deferral } from '../../../lib/errors';

/**
 * Signals of the network about an account itself (its own limit reached, throttling, a restriction)
 * pause that account, or that kind of its touches, until the time the signal implies: the action
 * that met it and the account's other waiting work are deferred with the reason, not failed, and the
 * workspace is told once (`account.throttled`). Real workers' code, DynamoDB Local, fauxqs.
 */
const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);
const runDeps = () => flow.runDeps({ signalCooldowns: { throttledSeconds: 900, restrictedSeconds: 600 } });

/** A workspace of one account (working around the clock, UTC) with a webhook subscribed to account.throttled. */
async function workspaceTold(): Promise<TestWorkspace & { webhookId: string }> {
  const ws = await createTestWorkspace(db, { accounts: 1 });
  const webhookId = await subscribeWebhook(db, ws.workspaceId, ['account.throttled']);
  return { ...ws, webhookId };
}

/** A like from the workspace's account, on a post of its own, accepted and planned: its job id and its one action message. */
async function likeJob(workspaceId: string, n: number) {
  const url = samplePostUrl.replace(/\d{3}\/$/, `${String(n).padStart(3, '0')}/`);
  const { jobId, actionMessages } = await flow.acceptAndPlan(workspaceId, ['sales'], { url, reactionType: 'like' });
  return { jobId, message: actionMessages[0]! };
}

async function failReactions(workspaceId: string, failure: { status: number; reason: string; retryAfterSeconds?: number }) {
  await putSandboxRule(db, { ruleId: newId('sbx'), workspaceId, match: { action: 'react' }, failure, createdAt: new Date().toISOString() });
}

async function gateSays(ws: TestWorkspace, kind: ActionKind, now: Date): Promise<Deferral | undefined> {
  try {
    await new SafetyGate(db, ws.accounts[0]!, { spacing: noSpacing }, now).pass(kind);
    return undefined;
  } catch (error) {
    if (error instanceof Deferral) return error;
    throw error;
  }
}

const throttledEvents = async (ws: { workspaceId: string; webhookId: string }) =>
  (await listDeliveries(db, ws.workspaceId, ws.webhookId, 10)).items
    .map((delivery) => delivery.event)
    .filter((event) => event.type === 'account.throttled');

describe("the network's signals about an account", () => {
  it("its own limit for a kind: that kind waits for the account's next working day, told once; other kinds go on", async () => {
    const ws = await workspaceTold();
    await failReactions(ws.workspaceId, { status: 422, reason: 'limit_exceeded' });
    const first = await likeJob(ws.workspaceId, 1);
    const second = await likeJob(ws.workspaceId, 2);
    const now = new Date();
    const nextDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

    await runAction(runDeps(), first.message, 1, now);
    await runAction(runDeps(), second.message, 1, now);

    for (const { jobId } of [first, second]) {
      const job = await getJobView(db, ws.workspaceId, jobId);
      expect(job.actions[0]).toMatchObject({ status: 'pending', attempts: 0, deferredReason: 'provider_limit', scheduledFor: nextDay });
    }
    // The second never reached the network: the pause stopped it.
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
    expect(Object.keys(await activePauses(db, ws.accounts[0]!, now))).toEqual(['reaction']);
    const events = await throttledEvents(ws);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      account: { accountId: ws.accounts[0]!.accountId },
      kind: 'reaction',
      reason: 'provider_limit',
      until: nextDay,
      signal: { reason: 'limit_exceeded' },
    });
    expect(await gateSays(ws, 'comment', now)).toBeUndefined();
    // The job was kept 1 day (its retention here): the waiting action and its job are kept past the wait.
    const keptUntil = Math.floor(Date.parse(nextDay) / 1000) + 14 * 86_400;
    expect((await getAction(db, first.message))?.expiresAt).toBeGreaterThanOrEqual(keptUntil);
    expect((await getJob(db, ws.workspaceId, first.jobId))?.expiresAt).toBeGreaterThanOrEqual(keptUntil);
  });

  it('throttling of the network: the whole account waits for its retry-after, then goes on', async () => {
    const ws = await workspaceTold();
    await failReactions(ws.workspaceId, { status: 429, reason: 'provider_rate_limited', retryAfterSeconds: 120 });
    const { jobId, message } = await likeJob(ws.workspaceId, 3);
    const now = new Date();

    await runAction(runDeps(), message, 1, now);

    const job = await getJobView(db, ws.workspaceId, jobId);
    expect(job.actions[0]).toMatchObject({
      status: 'pending',
      deferredReason: 'provider_throttled',
      scheduledFor: new Date(now.getTime() + 120_000).toISOString(),
    });
    expect(await gateSays(ws, 'invitation', now)).toEqual(expect.objectContaining({ reason: 'provider_throttled' }));
    expect(await gateSays(ws, 'invitation', new Date(now.getTime() + 121_000))).toBeUndefined();
    expect((await throttledEvents(ws)).map((event) => event.data)).toEqual([
      expect.objectContaining({ reason: 'provider_throttled', signal: expect.objectContaining({ reason: 'provider_rate_limited' }) }),
    ]);
    expect((await throttledEvents(ws))[0]!.data.kind).toBeUndefined();
  });

  it('a restriction: the whole account waits the configured cool-down, and the action is not failed', async () => {
    const ws = await workspaceTold();
    await failReactions(ws.workspaceId, { status: 403, reason: 'account_restricted' });
    const { jobId, message } = await likeJob(ws.workspaceId, 4);
    const now = new Date();

    await runAction(runDeps(), message, 1, now);

    const job = await getJobView(db, ws.workspaceId, jobId);
    expect(job.status).toBe('running');
    expect(job.actions[0]).toMatchObject({
      status: 'pending',
      deferredReason: 'account_restricted',
      scheduledFor: new Date(now.getTime() + 600_000).toISOString(),
    });
    expect(await gateSays(ws, 'message', new Date(now.getTime() + 599_000))).toEqual(
      expect.objectContaining({ reason: 'account_restricted' }),
    );
  });

  it('a pause exists exactly with its event: when they cannot be written together, neither is, and the next delivery writes both', async () => {
    const ws = await workspaceTold();
    await failReactions(ws.workspaceId, { status: 429, reason: 'provider_rate_limited', retryAfterSeconds: 300 });
    const { message } = await likeJob(ws.workspaceId, 5);
    const now = new Date();
    // DynamoDB fails the write that carries the event, once.
    let faulted = false;
    const faulty: Db = {
      table: db.table,
      client: {
        send: (command: unknown) => {
          if (!faulted && command instanceof TransactWriteCommand && JSON.stringify(command.input).includes('account.throttled')) {
            faulted = true;
            return Promise.reject(Object.assign(new Error('DynamoDB unavailable'), { name: 'InternalServerError' }));
          }
          return db.client.send(command as TransactWriteCommand);
        },
      } as unknown as DynamoDBDocumentClient,
    };

    await expect(runAction({ ...runDeps(), db: faulty }, message, 1, now)).rejects.toThrow('DynamoDB unavailable');
    const afterFault = { pauses: await activePauses(db, ws.accounts[0]!, now), events: await throttledEvents(ws) };
    await runAction(runDeps(), message, 2, now);

    expect(faulted).toBe(true);
    expect(afterFault).toEqual({ pauses: {}, events: [] });
    expect(Object.keys(await activePauses(db, ws.accounts[0]!, now))).toEqual(['all']);
    expect(await throttledEvents(ws)).toHaveLength(1);
  });
});
