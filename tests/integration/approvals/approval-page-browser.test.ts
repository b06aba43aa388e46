/**
 * The approval page in a real browser (the system's Chromium, see tests/helpers/browser.ts) with
 * JavaScript off: it shows what it should, and its form edits, approves and rejects by plain HTML.
 *
 * The page is served by the deployed handlers (`functions/http/show-approval-page.ts` and `decide-on-approval-page.ts`), behind a tiny
 * HTTP server of this file that turns requests into API Gateway events, against DynamoDB Local:
 * approvals are made the way the service makes them (a request accepted, then planned). Oddities
 * only old or tampered data could hold (an over-long draft, a hostile link) are written into the
 * stored approval directly.
 */
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { approvalPageHeaders } from '../../../lib/approvals/approval-page';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { validate } from '../../../lib/schemas/validate';
import { acceptCommentRequest } from '../../../lib/outreach/accept/accept-comment';
import { acceptDmRequest } from '../../../lib/outreach/accept/accept-dm';
import { planJob } from '../../../lib/outreach/plan/plan-job';
import { commentRequestSchema } from '../../../lib/schemas/comment';
import { dmRequestSchema } from '../../../lib/schemas/dm';
import { getAction } from '../../../lib/store/actions';
import type { Approval } from '../../../lib/store/approvals';
import { getApproval } from '../../../lib/store/approvals';
import { keys } from '../../../lib/store/keys';
import { launchBrowser } from '../../helpers/browser';
import { createTestQueue, createTestWorkspace, drainQueue, httpEvent, samplePostUrl, testDb, testSqs } from '../../helpers/factories';
import { loadHandler } from '../http/load-handler';
import { machineTimeout } from '../../helpers/machine-timeout';

const db = testDb();
const sqs = testSqs();
let jobsQueueUrl: string;
let actionsQueueUrl: string;
let showPage: HttpHandler;
let decideOnPage: HttpHandler;

interface ApprovalServer {
  /** The page's absolute URL. */
  url: string;
  /** The page's path, `/approve/<token>`. */
  path: string;
  /** Every form the page posted, as received (before any normalisation). */
  posts: Array<Record<string, string>>;
  /** Every request (method and path), to prove the page loads nothing else. */
  requests: string[];
  close(): Promise<void>;
}

interface ApprovalSetup {
  kind?: 'comment' | 'dm';
  /** The proposed text. */
  text?: string;
  senderName?: string;
  /** Written into the stored approval after it was made. */
  stored?: Partial<Pick<Approval, 'text' | 'sender'>>;
}

/** A pending approval, made as the service makes it: a request from an `ask` account (or a DM asking approval), planned. */
async function pendingApproval(setup: ApprovalSetup): Promise<Approval> {
  const ws = await createTestWorkspace(db, { accounts: [{ mode: 'ask', name: setup.senderName ?? 'Jane Seller' }] });
  const deps = { db, sqs, jobsQueueUrl, actionsQueueUrl, retentionDays: 1, defaultPacingWindowSeconds: 0, approvalExpirySeconds: 3600 };
  const text = setup.text ?? 'Great point on pipeline hygiene.';
  const now = new Date();
  const accepted =
    setup.kind === 'dm'
      ? await acceptDmRequest(
          deps,
          ws.workspaceId,
          validate(dmRequestSchema, {
            target: 'https://www.linkedin.com/in/bob',
            user: ws.accounts[0]!.profileUrl,
            message: text,
            get_approved: true,
          }),
          now,
        )
      : await acceptCommentRequest(
          deps,
          ws.workspaceId,
          validate(commentRequestSchema, { url: samplePostUrl, comment: text, groups: ['sales'] }),
          now,
        );
  const { jobId } = accepted;
  await drainQueue(sqs, jobsQueueUrl, 0);
  await planJob(deps, { v: 1, workspaceId: ws.workspaceId, jobId }, now);
  const action = await getAction(db, { workspaceId: ws.workspaceId, jobId, accountId: ws.accounts[0]!.accountId });
  const approvalId = action!.approval!.approvalId;
  if (setup.stored) {
    const fields = Object.entries(setup.stored);
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.approval(ws.workspaceId, approvalId),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], i) => [`:f${i}`, value])),
      }),
    );
  }
  return (await getApproval(db, ws.workspaceId, approvalId))!;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Serves the page of a new pending approval through the deployed handlers, as API Gateway would call them. */
async function startApprovalServer(setup: ApprovalSetup = {}): Promise<ApprovalServer> {
  const approval = await pendingApproval(setup);
  const path = `/approve/${approval.token}`;
  const posts: Array<Record<string, string>> = [];
  const requests: string[] = [];

  const server = createServer((request, response) => {
    const requestPath = (request.url ?? '').split('?')[0] ?? '';
    requests.push(`${request.method} ${requestPath}`);
    const token = requestPath.startsWith('/approve/') ? requestPath.slice('/approve/'.length) : '';
    readBody(request)
      .then(async (body) => {
        if (request.method === 'POST') posts.push(Object.fromEntries(new URLSearchParams(body)));
        const event = httpEvent({
          method: request.method ?? 'GET',
          path: requestPath,
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          rawBody: request.method === 'POST' ? body : undefined,
          pathParameters: { token },
        });
        const result = await (request.method === 'POST' ? decideOnPage : showPage)(event);
        response.writeHead(result.statusCode, result.headers).end(result.body);
      })
      .catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    path,
    posts,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

let browser: Browser;
let server: ApprovalServer | undefined;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  jobsQueueUrl = await createTestQueue(sqs, 'approval-page-jobs');
  actionsQueueUrl = await createTestQueue(sqs, 'approval-page-actions');
  const env = { JOBS_QUEUE_URL: jobsQueueUrl, ACTIONS_QUEUE_URL: actionsQueueUrl };
  showPage = await loadHandler(() => import('../../../functions/http/show-approval-page'), env);
  decideOnPage = await loadHandler(() => import('../../../functions/http/decide-on-approval-page'), env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh server and a fresh JavaScript-less page for each test. */
async function open(setup: ApprovalSetup = {}): Promise<{ server: ApprovalServer; response: Response | null }> {
  server = await startApprovalServer(setup);
  context = await browser.newContext({ javaScriptEnabled: false });
  // Well under jest's 30 s: a wait that fails (a form the browser did not send) names what it waited for.
  context.setDefaultTimeout(machineTimeout(5000));
  page = await context.newPage();
  const response = await page.goto(server.url);
  return { server, response };
}
afterEach(async () => {
  await context?.close();
  await server?.close();
  server = undefined;
});

const textarea = () => page.getByRole('textbox', { name: /you can edit it/ });
const heading = () => page.getByRole('heading', { level: 1 });

/** Clicks a decision button and waits for the page that answers the POST (its h1 says `expected`). */
async function submit(button: 'Approve and send' | 'Reject', expected: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.getByRole('heading', { level: 1, name: expected }).waitFor();
  return response;
}

describe('approval page in a browser without JavaScript', () => {
  it('shows the approval, and approves an edited text', async () => {
    const { server, response } = await open();

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(approvalPageHeaders['content-security-policy']);
    expect(await heading().textContent()).toBe('Approve this comment');
    expect(await page.getByRole('link', { name: 'Jane Seller' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.linkedin\.com\/in\/t-[0-9a-f]+-p0$/,
    );
    expect(await textarea().inputValue()).toBe('Great point on pipeline hygiene.');
    expect(await textarea().getAttribute('maxlength')).toBe('1250');

    await textarea().fill('Great point.\nLet us talk pipeline hygiene.');
    const decided = await submit('Approve and send', 'This comment was approved');

    expect(decided.status()).toBe(200);
    // A textarea's line breaks go as CRLF (the HTML form encoding), whatever the page does.
    expect(server.posts).toEqual([{ text: 'Great point.\r\nLet us talk pipeline hygiene.', decision: 'approve' }]);
    expect(await page.getByRole('status').textContent()).toBe('Approved: the comment will be posted.');
    expect(await page.locator('#final-text').innerText()).toBe('Great point.\nLet us talk pipeline hygiene.');
    expect(await page.locator('form, textarea, button').count()).toBe(0);

    // Opened again later: decided, read-only, no notice.
    await page.goto(server.url);
    expect(await heading().textContent()).toBe('This comment was approved');
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    // The page asked for nothing but itself (no stylesheet, script, image or font).
    expect(server.requests).toEqual([`GET ${server.path}`, `POST ${server.path}`, `GET ${server.path}`]);
  });

  it('rejects, even with the text emptied (Reject skips the browser checks)', async () => {
    const { server } = await open({ kind: 'dm', text: 'Hi Bob' });

    expect(await heading().textContent()).toBe('Approve this message');
    expect(await page.getByRole('link', { name: 'https://www.linkedin.com/in/bob' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/in/bob',
    );
    expect(await textarea().getAttribute('maxlength')).toBe('8000');
    await textarea().fill('');
    await submit('Reject', 'This message was rejected');

    expect(server.posts).toEqual([{ text: '', decision: 'reject' }]);
    expect(await page.getByRole('status').textContent()).toBe('Rejected: the message will not be sent.');
    expect(await page.locator('#final-text').innerText()).toBe('Hi Bob');
    expect(await page.locator('form').count()).toBe(0);
  });

  it('a message: says before and after approving that a stranger gets an invitation first', async () => {
    await open({ kind: 'dm', text: 'Hi Bob' });

    expect(await page.locator('#what-happens').innerText()).toBe(
      'If you are connected to them, approving sends the message. If not, approving first sends them an invitation to connect from you, without a note, and the message is sent only once they accept it.',
    );
    await submit('Approve and send', 'This message was approved');

    expect(await page.getByRole('status').textContent()).toBe(
      'Approved: if you are connected to them, the message is sent now; if not, an invitation to connect goes first and the message is sent once they accept it.',
    );
    expect(await page.locator('#what-happens').count()).toBe(0);
  });

  it("stops typing at maxlength (a comment's 1,250 characters)", async () => {
    await open();

    await textarea().fill('x'.repeat(1245));
    await textarea().pressSequentially('x'.repeat(10));

    expect(await textarea().inputValue()).toBe('x'.repeat(1250));
  });

  it('counts a line break as one character, as the browser does, though it arrives as CRLF', async () => {
    const { server } = await open();

    await textarea().fill('x'.repeat(1244));
    await textarea().pressSequentially('\ndef\nghijk');
    const typed = `${'x'.repeat(1244)}\ndef\ng`;
    expect(await textarea().inputValue()).toBe(typed);
    await submit('Approve and send', 'This comment was approved');

    // 1,252 characters sent for a 1,250-character limit: a handler that counts before turning CRLF
    // into LF would refuse a text the page let the person type.
    expect(server.posts).toEqual([{ text: typed.replace(/\n/g, '\r\n'), decision: 'approve' }]);
    expect(await page.locator('#final-text').innerText()).toBe(typed);
  });

  it('does not send an empty text (required): the browser blocks Approve, nothing is posted', async () => {
    const { server } = await open();

    await textarea().fill('');
    expect(await page.locator('textarea:invalid').count()).toBe(1);
    await page.getByRole('button', { name: 'Approve and send' }).click();
    // Had Approve been posted, it would come before this Reject, which is posted (formnovalidate).
    await submit('Reject', 'This comment was rejected');

    expect(server.posts).toEqual([{ text: '', decision: 'reject' }]);
  });

  it('shows a refused edit (blank text passes the browser) above the form, keeps the text, and accepts the fix', async () => {
    const { server } = await open();

    await textarea().fill('   ');
    const refused = await submit('Approve and send', 'Approve this comment');

    expect(refused.status()).toBe(400);
    expect(await page.getByRole('alert').textContent()).toBe('text: must not be empty');
    expect(await textarea().inputValue()).toBe('   ');
    expect(await textarea().getAttribute('aria-invalid')).toBe('true');

    await textarea().fill('Fixed text');
    await submit('Approve and send', 'This comment was approved');

    expect(server.posts).toEqual([
      { text: '   ', decision: 'approve' },
      { text: 'Fixed text', decision: 'approve' },
    ]);
    expect(await page.locator('#final-text').innerText()).toBe('Fixed text');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('sends an over-long text it did not let the person type (only edits are capped), and shows the refusal', async () => {
    // A text longer than the limit can only come from the server (a draft made before the limit
    // changed, say): maxlength caps typing, not what the page was given, so the server must check.
    const { server } = await open({ stored: { text: 'y'.repeat(1251) } });

    const refused = await submit('Approve and send', 'Approve this comment');

    expect(refused.status()).toBe(400);
    expect(server.posts).toEqual([{ text: 'y'.repeat(1251), decision: 'approve' }]);
    expect(await page.getByRole('alert').textContent()).toBe("text: must be at most 1250 characters (the network's limit for a comment)");
    expect(await textarea().inputValue()).toBe('y'.repeat(1251));
  });

  it('shows a hostile text exactly, as text, and sends it back unchanged', async () => {
    const text = `</textarea><script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'`;
    const { server } = await open({
      text,
      senderName: '"><b>Bold</b>',
      stored: { sender: { accountId: 'acc_x', name: '"><b>Bold</b>', profileUrl: 'javascript:alert(1)' } },
    });

    expect(await textarea().inputValue()).toBe(text);
    expect(await page.locator('script, img, b').count()).toBe(0);
    expect(await page.locator('a[href^="javascript" i]').count()).toBe(0);
    expect(await page.getByText('"><b>Bold</b>', { exact: true }).count()).toBe(1);

    await submit('Approve and send', 'This comment was approved');

    expect(server.posts).toEqual([{ text, decision: 'approve' }]);
    expect(await page.locator('#final-text').innerText()).toBe(text);
    expect(await page.locator('script, img, b').count()).toBe(0);
  });

  it('says an unknown link is not valid', async () => {
    const { server } = await open();

    const response = await page.goto(new URL('/approve/unknown', server.url).href);
    const unguessed = await page.goto(new URL(`/approve/${'A'.repeat(32)}`, server.url).href);

    expect(response?.status()).toBe(404);
    expect(unguessed?.status()).toBe(404);
    expect(await heading().textContent()).toBe('This link is not valid');
  });
});

describe('approval page in a browser with JavaScript on', () => {
  it('runs nothing a hostile field holds', async () => {
    const payload = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
    server = await startApprovalServer({ text: payload, senderName: payload });
    context = await browser.newContext({ javaScriptEnabled: true });
    context.setDefaultTimeout(machineTimeout(5000));
    page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto(server.url);

    expect(await page.title()).toBe('Approve this comment');
    expect(await page.locator('script, img').count()).toBe(0);
    expect(await textarea().inputValue()).toBe(payload);
    expect(dialogs).toEqual([]);
  });
});
