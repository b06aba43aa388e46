import type { Browser } from 'playwright-core';
import { newId } from '../../lib/ids';
import { listSandboxActions } from '../../lib/store/sandbox';
import { launchBrowser } from '../helpers/browser';
import { alwaysWorking, createTestWorkspace, testDb } from '../helpers/factories';
import { eventually } from '../helpers/http-client';
import { typedClient } from '../helpers/typed-client';
import { machineTimeout } from '../helpers/machine-timeout';

/**
 * A team onboards an account with no operator at a terminal, over real HTTP through the typed client
 * of client/: a connect link is asked of the API, its owner connects in a real browser (the sandbox
 * page, JavaScript off), the account is put in a group, the group likes a post, and the account's
 * usage shows the reaction.
 */
const db = testDb();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('onboarding, end to end', () => {
  it('connect through the link in a browser, put in a group, like with the group, see its usage grow', async () => {
    const ws = await createTestWorkspace(db, { accounts: 0, groups: {}, pacingWindowSeconds: 1 });
    const api = typedClient(ws.apiKey);
    const profileUrl = `https://www.linkedin.com/in/onboarded-${newId('sbx').slice(-10).toLowerCase()}`;
    const postUrl = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000888/';

    const link = await api.POST('/api/v1/accounts/connect-link', { body: { name: 'Olivia Onboarded' } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(machineTimeout(10_000));
    const page = await context.newPage();
    await page.goto(link.data!.url);
    await page.getByRole('textbox', { name: 'Profile URL' }).fill(profileUrl);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account connected' }).waitFor();
    const accountId = (await page.locator('#account-id').textContent()) ?? '';
    await context.close();

    const { data: listed } = await api.GET('/api/v1/accounts');
    // Its hours are the service's default unless set: around the clock, so the test runs at any hour.
    const patched = await api.PATCH('/api/v1/accounts/{accountId}', {
      params: { path: { accountId } },
      body: { workingHours: alwaysWorking },
    });
    const grouped = await api.PUT('/api/v1/groups/{name}', { params: { path: { name: 'Advocates' } }, body: { accounts: [accountId] } });
    const { data: before } = await api.GET('/api/v1/accounts/{accountId}/usage', { params: { path: { accountId } } });
    const liked = await api.POST('/api/v1/social-selling/like', {
      body: { url: postUrl, groups: ['advocates'], reactionType: 'insightful' },
    });
    const jobId = liked.data!.jobId;
    const job = await eventually(
      async () => {
        const { data } = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } });
        return data?.status === 'succeeded' ? data : undefined;
      },
      undefined,
      'the like to succeed',
    );
    const { data: after } = await api.GET('/api/v1/accounts/{accountId}/usage', { params: { path: { accountId } } });

    expect(link.response.status).toBe(201);
    expect(listed?.items).toEqual([
      expect.objectContaining({ accountId, name: 'Olivia Onboarded', profileUrl, status: 'active', provider: 'sandbox' }),
    ]);
    expect(patched.response.status).toBe(200);
    expect(grouped.response.status).toBe(201);
    expect(liked.data).toMatchObject({ type: 'like', accounts: 1 });
    expect(job.actions[0]).toMatchObject({ accountId, status: 'succeeded', result: 'reacted' });
    expect(before?.kinds.reactions.usedToday).toBe(0);
    expect(after?.kinds.reactions.usedToday).toBe(1);
    expect(after?.waitingActions).toBe(0);
    expect((await listSandboxActions(db, ws.workspaceId)).filter((action) => action.accountId === accountId)).toHaveLength(1);
  });
});
