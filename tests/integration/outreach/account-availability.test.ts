import { newId } from '../../../lib/ids';
import { getJobView } from '../../../lib/outreach/jobs/job-view';
import { runAction } from '../../../lib/outreach/run/run-action';
import { markAccountReconnected } from '../../../lib/outreach/safety/account-connection';
import { getAccount, markDisconnectedItem, updateAccountSettings, deleteAccount } from '../../../lib/store/accounts';
import { transactWrite } from '../../../lib/store/transact';
import { listSandboxActions, putSandboxRule } from '../../../lib/store/sandbox';
import { listDeliveries } from '../../../lib/store/webhook-deliveries';
import { createTestWorkspace, subscribeWebhook, testDb, testSqs } from '../../helpers/factories';
import { likeFlow } from '../../helpers/like-flow';

/**
 * An account that cannot act for now: paused by the workspace, or its login disconnected (the
 * network said so, or a call was refused for it). Its actions wait (deferred, not failed, the attempt
 * given back) and run once it can act again; a disconnected one fails after a while; a removed
 * account's actions end cancelled. Real workers' code, the test stack's DynamoDB and SQS.
 */
const db = testDb();
const sqs = testSqs();
const flow = likeFlow(db, sqs);
const runDeps = () => flow.runDeps({ accountRecheckSeconds: 60, disconnectedFailSeconds: 3600 });

async function likeFromOneAccount() {
  const ws = await createTestWorkspace(db, { accounts: 1 });
  const webhookId = await subscribeWebhook(db, ws.workspaceId, ['account.disconnected', 'account.reconnected']);
  const { jobId, actionMessages } = await flow.acceptAndPlan(ws.workspaceId, ['sales']);
  return { ws, webhookId, jobId, message: actionMessages[0]!, account: ws.accounts[0]! };
}

const eventTypes = async (workspaceId: string, webhookId: string) =>
  (await listDeliveries(db, workspaceId, webhookId, 10)).items.map((delivery) => delivery.event.type).sort();

describe('an account that cannot act for now', () => {
  it('paused: its action waits (account_paused), is not performed, and runs once the account is active again', async () => {
    const { ws, jobId, message, account } = await likeFromOneAccount();
    await updateAccountSettings(db, ws.workspaceId, account.accountId, { status: 'paused' });
    const now = new Date();

    await runAction(runDeps(), message, 1, now);

    const waiting = await getJobView(db, ws.workspaceId, jobId);
    expect(waiting.status).toBe('running');
    expect(waiting.actions[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      deferredReason: 'account_paused',
      scheduledFor: new Date(now.getTime() + 60_000).toISOString(),
    });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);

    await updateAccountSettings(db, ws.workspaceId, account.accountId, { status: 'active' });
    await runAction(runDeps(), message, 1, new Date(now.getTime() + 61_000));

    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(1);
  });

  it('disconnected: its action waits (account_disconnected), and runs once the login is reconnected', async () => {
    const { ws, webhookId, jobId, message, account } = await likeFromOneAccount();
    await transactWrite(db, [markDisconnectedItem(db, account, new Date())]);
    const now = new Date();

    await runAction(runDeps(), message, 1, now);

    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({
      status: 'pending',
      deferredReason: 'account_disconnected',
    });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);

    const stored = (await getAccount(db, ws.workspaceId, account.accountId))!;
    expect(await markAccountReconnected({ db }, stored, { cause: 'provider_status', detail: 'OK' }, new Date())).toBe(true);
    expect(await markAccountReconnected({ db }, stored, { cause: 'provider_status', detail: 'OK' }, new Date())).toBe(false);
    await runAction(runDeps(), message, 1, new Date(now.getTime() + 61_000));

    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({ status: 'succeeded' });
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toBeUndefined();
    expect(await eventTypes(ws.workspaceId, webhookId)).toEqual(['account.reconnected']);
  });

  it('disconnected too long: its action ends failed (account_disconnected)', async () => {
    const { ws, jobId, message, account } = await likeFromOneAccount();
    const since = new Date(Date.now() - 2 * 3600 * 1000);
    await transactWrite(db, [markDisconnectedItem(db, account, since)]);

    await runAction(runDeps(), message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.status).toBe('failed');
    expect(view.actions[0]).toMatchObject({ status: 'failed', reason: 'account_disconnected' });
  });

  it('a call refused for a disconnected login marks the account disconnected, tells the workspace once, and the action waits', async () => {
    const { ws, webhookId, jobId, message, account } = await likeFromOneAccount();
    await putSandboxRule(db, {
      ruleId: newId('sbx'),
      workspaceId: ws.workspaceId,
      match: { action: 'react' },
      failure: { status: 401, reason: 'account_disconnected' },
      createdAt: new Date().toISOString(),
    });

    await runAction(runDeps(), message);

    expect((await getJobView(db, ws.workspaceId, jobId)).actions[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      deferredReason: 'account_disconnected',
    });
    expect((await getAccount(db, ws.workspaceId, account.accountId))?.disconnectedAt).toEqual(expect.any(String));
    expect(await eventTypes(ws.workspaceId, webhookId)).toEqual(['account.disconnected']);
  });

  it('removed: its action ends cancelled (account_removed), and the job with it', async () => {
    const { ws, jobId, message, account } = await likeFromOneAccount();
    await deleteAccount(db, ws.workspaceId, account.accountId);

    await runAction(runDeps(), message);

    const view = await getJobView(db, ws.workspaceId, jobId);
    expect(view.actions[0]).toMatchObject({ status: 'cancelled', reason: 'account_removed' });
    expect(view).toMatchObject({ status: 'cancelled', counts: { total: 1, cancelled: 1 } });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(0);
  });
});
