/**
 * The approval page in a real browser (the system's Chromium, see tests/helpers/browser.ts) with
 * JavaScript off: it shows what it should, and its form edits, approves and rejects by plain HTML.
 *
 * The page is served by a tiny server of this file, not the Lambda: it renders with
 * `renderApprovalPage` and applies a posted decision the way the handler does (the text checked
 * for blank and length), so these tests are about the page and the browser, not the storage.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import type { ApprovalPageModel } from '../../../lib/approvals/approval-page';
import { approvalPageHeaders, renderApprovalNotFound, renderApprovalPage } from '../../../lib/approvals/approval-page';
import { launchBrowser } from '../../helpers/browser';

const PATH = '/approve/AbCdEfGhIjKlMnOpQrStUvWxYz012345';

interface ApprovalServer {
  /** The page's absolute URL. */
  url: string;
  /** Every form the page posted, as received (before any normalisation). */
  posts: Array<Record<string, string>>;
  /** Every request (method and path), to prove the page loads nothing else. */
  requests: string[];
  close(): Promise<void>;
}

const noun = (model: ApprovalPageModel) => (model.kind === 'comment' ? 'comment' : 'message');

/** The model after a posted form: decided, or still pending with the refusal and the text as typed. */
function applyDecision(model: ApprovalPageModel, form: Record<string, string>, now: Date): { status: number; model: ApprovalPageModel } {
  if (model.status !== 'pending') return { status: 409, model: { ...model, notice: undefined, error: `This approval was already ${model.status}.` } };
  if (form.decision === 'reject') {
    return { status: 200, model: { ...model, status: 'rejected', decidedAt: now.toISOString(), error: undefined, notice: `Rejected: the ${noun(model)} will not be sent.` } };
  }
  if (form.decision !== 'approve') return { status: 400, model: { ...model, error: 'decision: must be approve or reject' } };
  // Browsers send a textarea's line breaks as CRLF (HTML's form encoding); the text is kept with LF.
  const text = (form.text ?? model.text).replace(/\r\n?/g, '\n');
  const refusal = text.trim() === '' ? 'text: must not be empty' : text.length > model.maxLength ? `text: must be at most ${model.maxLength} characters` : undefined;
  if (refusal) return { status: 400, model: { ...model, text, notice: undefined, error: refusal } };
  return { status: 200, model: { ...model, status: 'approved', text, decidedAt: now.toISOString(), error: undefined, notice: `Approved: the ${noun(model)} will be sent.` } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, approvalPageHeaders).end(html);
}

/** Serves one approval at `PATH`: GET shows it, POST (an HTML form) decides; any other path is not valid. */
async function startApprovalServer(initial: Partial<ApprovalPageModel> = {}): Promise<ApprovalServer> {
  let model: ApprovalPageModel = {
    kind: 'comment',
    status: 'pending',
    sender: { name: 'Jane Seller', profileUrl: 'https://www.linkedin.com/in/jane-seller' },
    target: { url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/' },
    text: 'Great point on pipeline hygiene.',
    maxLength: 1250,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    formAction: PATH,
    ...initial,
  };
  const posts: Array<Record<string, string>> = [];
  const requests: string[] = [];

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    requests.push(`${request.method} ${path}`);
    if (path !== PATH) return send(response, 404, renderApprovalNotFound());
    // Each view shows a notice or an error once, as the handler does.
    const shown = { ...model, notice: undefined, error: undefined };
    if (request.method === 'GET') return send(response, 200, renderApprovalPage(shown));
    if (request.method !== 'POST' || request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return send(response, 400, renderApprovalNotFound());
    }
    readBody(request).then((body) => {
      const form = Object.fromEntries(new URLSearchParams(body));
      posts.push(form);
      const result = applyDecision(shown, form, new Date());
      if (result.status === 200) model = result.model;
      send(response, result.status, renderApprovalPage(result.model));
    }, (error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
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
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh server and a fresh JavaScript-less page for each test. */
async function open(initial: Partial<ApprovalPageModel> = {}): Promise<{ server: ApprovalServer; response: Response | null }> {
  server = await startApprovalServer(initial);
  context = await browser.newContext({ javaScriptEnabled: false });
  // Well under jest's 30 s: a wait that fails (a form the browser did not send) names what it waited for.
  context.setDefaultTimeout(5000);
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
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: button }).click()]);
  await page.getByRole('heading', { level: 1, name: expected }).waitFor();
  return response;
}

describe('approval page in a browser without JavaScript', () => {
  it('shows the approval, and approves an edited text', async () => {
    const { server, response } = await open();

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(approvalPageHeaders['content-security-policy']);
    expect(await heading().textContent()).toBe('Approve this comment');
    expect(await page.getByRole('link', { name: 'Jane Seller' }).getAttribute('href')).toBe('https://www.linkedin.com/in/jane-seller');
    expect(await textarea().inputValue()).toBe('Great point on pipeline hygiene.');
    expect(await textarea().getAttribute('maxlength')).toBe('1250');

    await textarea().fill('Great point.\nLet us talk pipeline hygiene.');
    const decided = await submit('Approve and send', 'This comment was approved');

    expect(decided.status()).toBe(200);
    // A textarea's line breaks go as CRLF (the HTML form encoding), whatever the page does.
    expect(server.posts).toEqual([{ text: 'Great point.\r\nLet us talk pipeline hygiene.', decision: 'approve' }]);
    expect(await page.getByRole('status').textContent()).toBe('Approved: the comment will be sent.');
    expect(await page.locator('#final-text').innerText()).toBe('Great point.\nLet us talk pipeline hygiene.');
    expect(await page.locator('form, textarea, button').count()).toBe(0);

    // Opened again later: decided, read-only, no notice.
    await page.goto(server.url);
    expect(await heading().textContent()).toBe('This comment was approved');
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    // The page asked for nothing but itself (no stylesheet, script, image or font).
    expect(server.requests).toEqual([`GET ${PATH}`, `POST ${PATH}`, `GET ${PATH}`]);
  });

  it('rejects, even with the text emptied (Reject skips the browser checks)', async () => {
    const { server } = await open({ kind: 'dm', target: { url: 'https://www.linkedin.com/in/bob', name: 'Bob Buyer' }, maxLength: 8000, text: 'Hi Bob' });

    expect(await heading().textContent()).toBe('Approve this message');
    expect(await page.getByRole('link', { name: 'Bob Buyer' }).getAttribute('href')).toBe('https://www.linkedin.com/in/bob');
    await textarea().fill('');
    await submit('Reject', 'This message was rejected');

    expect(server.posts).toEqual([{ text: '', decision: 'reject' }]);
    expect(await page.getByRole('status').textContent()).toBe('Rejected: the message will not be sent.');
    expect(await page.locator('#final-text').innerText()).toBe('Hi Bob');
    expect(await page.locator('form').count()).toBe(0);
  });

  it('stops typing at maxlength', async () => {
    await open({ maxLength: 20, text: '' });

    await textarea().pressSequentially('x'.repeat(30));

    expect(await textarea().inputValue()).toBe('x'.repeat(20));
  });

  it('counts a line break as one character, as the browser does, though it arrives as CRLF', async () => {
    const { server } = await open({ maxLength: 10, text: '' });

    await textarea().pressSequentially('abc\ndef\nghijk');
    expect(await textarea().inputValue()).toBe('abc\ndef\ngh');
    await submit('Approve and send', 'This comment was approved');

    // 12 characters sent for a 10-character limit: a handler that counts before turning CRLF into
    // LF would refuse a text the page let the person type.
    expect(server.posts).toEqual([{ text: 'abc\r\ndef\r\ngh', decision: 'approve' }]);
    expect(await page.locator('#final-text').innerText()).toBe('abc\ndef\ngh');
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
    const { server } = await open({ maxLength: 20, text: 'y'.repeat(25) });

    const refused = await submit('Approve and send', 'Approve this comment');

    expect(refused.status()).toBe(400);
    expect(server.posts).toEqual([{ text: 'y'.repeat(25), decision: 'approve' }]);
    expect(await page.getByRole('alert').textContent()).toBe('text: must be at most 20 characters');
    expect(await textarea().inputValue()).toBe('y'.repeat(25));
  });

  it('shows a hostile text exactly, as text, and sends it back unchanged', async () => {
    const text = `</textarea><script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'`;
    const { server } = await open({ text, sender: { name: '"><b>Bold</b>', profileUrl: 'javascript:alert(1)' } });

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

    expect(response?.status()).toBe(404);
    expect(await heading().textContent()).toBe('This link is not valid');
  });
});

describe('approval page in a browser with JavaScript on', () => {
  it('runs nothing a hostile field holds', async () => {
    const payload = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
    server = await startApprovalServer({ text: payload, sender: { name: payload, profileUrl: 'https://www.linkedin.com/in/x' }, error: payload });
    context = await browser.newContext({ javaScriptEnabled: true });
    context.setDefaultTimeout(5000);
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
