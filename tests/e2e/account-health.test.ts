import { listSandboxActions } from '../../lib/store/sandbox';
import { createTestWorkspace, samplePostUrl, testDb } from '../helpers/factories';
import type { FakeUnipile } from '../helpers/fake-unipile';
import { startFakeUnipile } from '../helpers/fake-unipile';
import { apiBaseUrl, eventually } from '../helpers/http-client';
import { typedClient } from '../helpers/typed-client';

/**
 * Account health over real HTTP: Unipile's account status webhook (sent by the fake Unipile server,
 * in the documented shape) marks an account disconnected; its work waits (`account_disconnected`)
 * and is not performed; a status `OK` marks it connected again, and the work then runs.
 */
const db = testDb();
// The stack's provider-webhook secret (its environment, as the global setup set it).
const webhookSecret = process.env.UNIPILE_WEBHOOK_SECRET ?? '';
let unipile: FakeUnipile;

beforeAll(async () => {
  unipile = await startFakeUnipile();
});
afterAll(async () => {
  await unipile.close();
});

describe('account health, end to end', () => {
  it('a login disconnected by the status webhook defers its work, which resumes after reconnection', async () => {
    const ws = await createTestWorkspace(db, { accounts: 1, pacingWindowSeconds: 1 });
    const api = typedClient(ws.apiKey);
    const account = ws.accounts[0]!;
    const webhookUrl = `${apiBaseUrl()}/api/v1/webhooks/unipile`;

    const down = await unipile.sendAccountStatus(webhookUrl, webhookSecret, account.providerAccountId, 'CREDENTIALS');
    const { data: disconnected } = await api.GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: account.accountId } } });
    const accepted = await api.POST('/api/v1/social-selling/like', {
      body: { url: samplePostUrl, groups: ['sales'], reactionType: 'like' },
    });
    const jobId = accepted.data!.jobId;
    const waiting = await eventually(
      async () => {
        const { data } = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } });
        return data?.actions[0]?.deferredReason === 'account_disconnected' ? data : undefined;
      },
      undefined,
      'the action deferred for the disconnected account',
    );
    const performedWhileDown = await listSandboxActions(db, ws.workspaceId);

    const up = await unipile.sendAccountStatus(webhookUrl, webhookSecret, account.providerAccountId, 'OK');
    const done = await eventually(
      async () => {
        const { data } = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } });
        return data?.status === 'succeeded' ? data : undefined;
      },
      undefined,
      'the job to succeed after reconnection',
    );
    const { data: reconnected } = await api.GET('/api/v1/accounts/{accountId}', { params: { path: { accountId: account.accountId } } });

    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ received: true, handled: true, accounts: 1 });
    expect(disconnected?.status).toBe('disconnected');
    expect(waiting.actions[0]).toMatchObject({ status: 'pending', deferredReason: 'account_disconnected' });
    expect(performedWhileDown).toHaveLength(0);
    expect(up.status).toBe(200);
    expect(reconnected?.status).toBe('active');
    expect(done.actions[0]).toMatchObject({ status: 'succeeded', result: 'reacted' });
    expect(await listSandboxActions(db, ws.workspaceId)).toHaveLength(1);
  });
});
