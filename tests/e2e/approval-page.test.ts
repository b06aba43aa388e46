import type { Browser } from 'playwright-core';
import { listSandboxActions } from '../../lib/store/sandbox';
import { launchBrowser } from '../helpers/browser';
import { createTestWorkspace, testDb } from '../helpers/factories';
import type { TestWorkspace } from '../helpers/factories';
import { api } from '../helpers/http-client';
import { finalJobStatuses, jobInStatus } from '../helpers/jobs';

/**
 * The approval page in a real headless Chromium with JavaScript off, served by serverless offline:
 * open the link a job shows, edit the text, approve → the comment is posted with the edited text.
 */
const db = testDb();
const postUrl = 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000301/';

let browser: Browser;
let ws: TestWorkspace;
beforeAll(async () => {
  browser = await launchBrowser();
  ws = await createTestWorkspace(db, { accounts: [{ mode: 'ask', name: 'Chloé <Ask> Nguyen' }] });
});
afterAll(() => browser?.close());

async function approvalLink(comment: string): Promise<{ url: string; location: string }> {
  const accepted = await api('POST', '/api/v1/social-selling/request-comment', {
    apiKey: ws.apiKey,
    body: { url: postUrl, comment, groups: ['sales'] },
  });
  const location = accepted.headers.get('location')!;
  const waiting = await jobInStatus(ws.apiKey, location, ['awaiting_approval']);
  return { url: waiting.actions[0]!.approval.url as string, location };
}

describe('approval page, in a browser without JavaScript', () => {
  it('opens from the job link, edits the text, approves, and the action runs with the edited text', async () => {
    const { url, location } = await approvalLink('<b>Draft</b> & "quotes"');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(page.locator('h1').textContent()).resolves.toBe('Approve this comment');
    // Shown as text, escaped: no element was made of the account's name or the draft.
    await expect(page.getByText('Chloé <Ask> Nguyen').count()).resolves.toBe(1);
    await expect(page.locator('textarea[name=text]').inputValue()).resolves.toBe('<b>Draft</b> & "quotes"');

    // The browser sends the line break as CRLF; the comment is posted with a plain line break.
    await page.locator('textarea[name=text]').fill('Edited in the browser ✓\nSecond line');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Approve and send' }).click()]);
    await expect(page.locator('[role=status]').textContent()).resolves.toContain('Approved');

    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);
    expect(job).toMatchObject({
      status: 'succeeded',
      actions: [{ status: 'succeeded', result: 'commented', approval: { decision: 'approved' } }],
    });
    const comments = (await listSandboxActions(db, ws.workspaceId)).filter((action) => action.type === 'comment');
    expect(comments.map((comment) => comment.details.text)).toContain('Edited in the browser ✓\nSecond line');

    // Single use: the link now shows the decision, with no form, and a second post is refused.
    await page.goto(url);
    await expect(page.locator('form').count()).resolves.toBe(0);
    const again = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=reject',
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already approved');
    await context.close();
  });

  it('rejects from the page, and an unknown link says it is not valid', async () => {
    const { url, location } = await approvalLink('Not this one');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(url);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Reject' }).click()]);
    const job = await jobInStatus(ws.apiKey, location, finalJobStatuses);
    const unknown = await page.goto(`${url.slice(0, -32)}${'A'.repeat(32)}`);

    expect(job).toMatchObject({ status: 'rejected' });
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('This link is not valid');
    await context.close();
  });
});
